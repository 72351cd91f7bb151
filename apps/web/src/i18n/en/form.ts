/** The shared form: titles, load failure, image upload. */
export const form = {
  'form.addTitle': 'Add',
  'form.editTitle': 'Edit',
  'form.loadFailed': 'The record could not be loaded.',
  'form.upload': 'Upload',
  'form.uploading': 'Uploading…',
  'form.imageType': 'Only JPEG, PNG or WebP images are allowed',
  'form.imageSize': 'The image must be 5 MB or smaller',
  'form.imageAlt': 'Preview of {field}',
  'form.fileStored': 'File {id}',
  'form.chooseFile': 'Choose file',
  'form.fileChosen': '{name} ({size})',
  'form.removeFile': 'Remove {field}',
};
