/** The shared form's words a signed-out page shows too (the others: signed-in/form.ts). */
export const form = {
  'form.upload': 'Upload',
  'form.uploading': 'Uploading…',
  'form.imageType': 'Only JPEG, PNG or WebP images are allowed',
  'form.imageSize': 'The image must be 5 MB or smaller',
  'form.imageAlt': 'Preview of {field}',
  'form.removeFile': 'Remove {field}',
};
