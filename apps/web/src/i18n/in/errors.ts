import type { errors as en } from '../en/errors';

export const errors: Record<keyof typeof en, string> = {
  'errors.serverTitle': 'KESALAHAN SISTEM',
  'errors.serverMessage': 'Server mengalami kesalahan, silakan muat ulang halaman.',
  'errors.refresh': 'Muat ulang',
  'errors.permissionTitle': 'TIDAK ADA IZIN',
  'errors.permissionMessage': 'Anda tidak memiliki izin untuk membuka halaman ini.',
  'errors.notFoundTitle': 'HALAMAN TIDAK DITEMUKAN',
  'errors.notFoundMessage': 'Halaman tidak ada atau tautan tidak valid.',
  'errors.home': 'Ke dasbor',
  'errors.back': 'Kembali',
  'errors.signIn': 'Masuk',
  'errors.offline': 'Server tidak dapat dihubungi. Periksa koneksi jaringan lalu coba lagi.',
  'errors.timeout': 'Server tidak menjawab tepat waktu. Silakan coba lagi.',
  'errors.unavailable': 'Server sedang tidak tersedia (HTTP {status}). Silakan coba lagi sebentar lagi.',
  'errors.unreadable': 'Jawaban server tidak dapat dibaca (HTTP {status}).',
};
