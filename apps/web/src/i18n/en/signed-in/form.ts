/** The shared form's words only signed-in screens show: titles, load failure, files (the rest of `form` is in ../form.ts). */
export const form = {
  'form.addTitle': 'Add',
  'form.editTitle': 'Edit',
  'form.loadFailed': 'The record could not be loaded.',
  'form.fileStored': 'File {id}',
  'form.chooseFile': 'Choose file',
  'form.fileChosen': '{name} ({size})',
};
