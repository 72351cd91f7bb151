import type { vehicle as en } from '../en/vehicle';

/** Vehicles: list, detail and batteries. */
export const vehicle: Record<keyof typeof en, string> = {
  'vehicle.detailTitle': 'Kendaraan {number}',
  'vehicle.loadFailed': 'Kendaraan tidak dapat dimuat.',
  'vehicle.batteries': 'Baterai',
  'vehicle.commerce': 'Penjualan dan sewa',
  'vehicle.capacity': '{capacity} Ah',
  'vehicle.noBattery': 'Tidak ada',
  'vehicle.bind': 'Ikat baterai',
  'vehicle.bindTitle': 'Baterai {number}',
  'vehicle.batteryHelp': 'Baterai terdaftar milik pemilik kendaraan; kosongkan kolom untuk melepas.',
  'vehicle.unbind': 'Lepas',
  'vehicle.confirmUnbind': 'Lepas baterai {number} dari kendaraan ini?',
  'vehicle.unbound': 'Baterai dilepas',
  'vehicle.vinHelp': '17 karakter, tanpa I, O, atau Q',
  'vehicle.mark.SOLD': 'Tandai terjual',
  'vehicle.mark.UNSOLD': 'Tandai belum terjual',
  'vehicle.confirmMark.SOLD': 'Tandai kendaraan {number} sebagai terjual?',
  'vehicle.confirmMark.UNSOLD': 'Tandai kendaraan {number} sebagai belum terjual?',
  'vehicle.confirmMarkSelected.SOLD': 'Tandai kendaraan terpilih sebagai terjual?',
  'vehicle.confirmMarkSelected.UNSOLD': 'Tandai kendaraan terpilih sebagai belum terjual?',
  'vehicle.saleChanged': 'Status penjualan diperbarui',
};
