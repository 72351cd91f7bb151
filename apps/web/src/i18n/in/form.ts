import type { form as en } from '../en/form';

export const form: Record<keyof typeof en, string> = {
  'form.upload': 'Unggah',
  'form.uploading': 'Mengunggah…',
  'form.imageType': 'Hanya gambar JPEG, PNG atau WebP yang diizinkan',
  'form.imageSize': 'Ukuran gambar maksimal 5 MB',
  'form.imageAlt': 'Pratinjau {field}',
  'form.removeFile': 'Hapus {field}',
};
