import type { battery as en } from '../en/battery';

/** Batteries: list and detail. */
export const battery: Record<keyof typeof en, string> = {
  'battery.bound': 'Terikat ke kendaraan',
  'battery.free': 'Tidak terikat',
  'battery.detailTitle': 'Baterai {number}',
  'battery.loadFailed': 'Baterai tidak dapat dimuat.',
  'battery.cell': 'Sel',
  'battery.cellSummary': '{count} sel, terendah {min} V, tertinggi {max} V, selisih {spread} mV',
  'battery.noCells': 'Belum ada tegangan sel yang dilaporkan',
};
