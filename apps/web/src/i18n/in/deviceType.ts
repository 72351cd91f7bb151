import type { deviceType as en } from '../en/deviceType';

/** Vehicle, battery and cabinet types: list and form. */
export const deviceType: Record<keyof typeof en, string> = {
  'deviceType.add': 'Tambah tipe',
  'deviceType.addTitle': 'Tambah tipe',
  'deviceType.editTitle': 'Ubah tipe {name}',
  'deviceType.code': 'Kode tipe',
  'deviceType.name': 'Nama',
  'deviceType.description': 'Deskripsi',
  'deviceType.confirmRemove': 'Hapus tipe ini? Tipe yang sedang digunakan tidak dapat dihapus.',
};
