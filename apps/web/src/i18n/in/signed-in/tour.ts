import type { tour as en } from '../../en/signed-in/tour';

export const tour: Record<keyof typeof en, string> = {
  'tour.skip': 'Lewati',
  'tour.back': 'Sebelumnya',
  'tour.next': 'Berikutnya',
  'tour.finish': 'Selesai',
  'tour.close': 'Tutup',
  'tour.sidebarTitle': 'Menu',
  'tour.sidebarBody': 'Ciutkan atau bentangkan menu samping di sini agar daftar lebar lebih leluasa.',
  'tour.quickLinksTitle': 'Tautan cepat',
  'tour.quickLinksBody': 'Langsung menuju pusat mana pun yang boleh Anda gunakan.',
  'tour.languageTitle': 'Bahasa',
  'tour.languageBody': 'Ganti bahasa antarmuka; pilihan Anda akan diingat.',
};
