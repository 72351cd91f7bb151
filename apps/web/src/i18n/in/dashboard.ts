import type { dashboard as en } from '../en/dashboard';

export const dashboard: Record<keyof typeof en, string> = {
  'dashboard.welcome': 'Selamat datang, {name}',
  'dashboard.centres': 'Pusat Anda',
  'dashboard.open': 'Buka {centre}',
  'dashboard.noScreens': 'Belum ada layar pusat ini yang tersedia.',
  'dashboard.noCentres': 'Akun ini belum diberi pusat apa pun.',
  'dashboard.desc.product-center': 'Kendaraan, baterai, kabinet, alarm, stok dan tipe',
  'dashboard.desc.operation-center': 'Harga, distribusi, lokasi, pengajuan dan notifikasi',
  'dashboard.desc.order-center': 'Pesanan produk, kendaraan, baterai, isi ulang dan paket, catatan penukaran',
  'dashboard.desc.user-center': 'Pelanggan dan audit identitas',
  'dashboard.desc.system-center': 'Akun, merchant, peran, menu, pembaruan dan pengaturan',
  'dashboard.desc.statistics-center': 'Statistik kendaraan',
};
