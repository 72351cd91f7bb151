import type { form as en } from '../en/form';

export const form: Record<keyof typeof en, string> = {
  'form.addTitle': 'Tambah',
  'form.editTitle': 'Ubah',
  'form.loadFailed': 'Data tidak dapat dimuat.',
  'form.upload': 'Unggah',
  'form.uploading': 'Mengunggah…',
  'form.imageType': 'Hanya gambar JPEG, PNG atau WebP yang diizinkan',
  'form.imageSize': 'Ukuran gambar maksimal 5 MB',
  'form.imageAlt': 'Pratinjau {field}',
  'form.fileStored': 'Berkas {id}',
  'form.chooseFile': 'Pilih berkas',
  'form.fileChosen': '{name} ({size})',
  'form.removeFile': 'Hapus {field}',
};
