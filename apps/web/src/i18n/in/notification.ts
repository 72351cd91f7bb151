/** Notifikasi: daftar, pencarian, formulir tambah dan ubah. */
export const notification = {
  'notification.title': 'Judul',
  'notification.description': 'Deskripsi',
  'notification.country': 'Negara',
  'notification.createdAt': 'Dibuat',
  'notification.add': 'Tambah notifikasi',
  'notification.addTitle': 'Tambah notifikasi',
  'notification.editTitle': 'Ubah notifikasi',
  'notification.confirmRemove': 'Hapus notifikasi ini? Pengguna aplikasi tidak akan melihatnya lagi.',
};
