import type { form as en } from '../../en/signed-in/form';

export const form: Record<keyof typeof en, string> = {
  'form.addTitle': 'Tambah',
  'form.editTitle': 'Ubah',
  'form.loadFailed': 'Data tidak dapat dimuat.',
  'form.fileStored': 'Berkas {id}',
  'form.chooseFile': 'Pilih berkas',
  'form.fileChosen': '{name} ({size})',
};
