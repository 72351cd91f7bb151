import type { battery as en } from '../en/battery';

/** Batteries: list and detail. */
export const battery: Record<keyof typeof en, string> = {
  'battery.bound': 'ผูกกับยานพาหนะแล้ว',
  'battery.free': 'ยังไม่ผูก',
  'battery.detailTitle': 'แบตเตอรี่ {number}',
  'battery.loadFailed': 'ไม่สามารถโหลดแบตเตอรี่ได้',
  'battery.cell': 'เซลล์',
  'battery.cellSummary': '{count} เซลล์ ต่ำสุด {min} V สูงสุด {max} V ต่างกัน {spread} mV',
  'battery.noCells': 'ยังไม่มีการรายงานแรงดันเซลล์',
};
