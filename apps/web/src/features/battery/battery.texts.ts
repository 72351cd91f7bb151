import type { FeatureTexts } from '../../i18n/catalogue';

/** Batteries: list and detail. */
export const texts = {
  en: {
    'battery.bound': 'Bound to a vehicle',
    'battery.free': 'Not bound',
    'battery.detailTitle': 'Battery {number}',
    'battery.loadFailed': 'The battery could not be loaded.',
    'battery.cell': 'Cell',
    'battery.cellSummary': '{count} cells, lowest {min} V, highest {max} V, spread {spread} mV',
    'battery.noCells': 'No cell voltages reported yet',
  },
  in: {
    'battery.bound': 'Terikat ke kendaraan',
    'battery.free': 'Tidak terikat',
    'battery.detailTitle': 'Baterai {number}',
    'battery.loadFailed': 'Baterai tidak dapat dimuat.',
    'battery.cell': 'Sel',
    'battery.cellSummary': '{count} sel, terendah {min} V, tertinggi {max} V, selisih {spread} mV',
    'battery.noCells': 'Belum ada tegangan sel yang dilaporkan',
  },
  th: {
    'battery.bound': 'ผูกกับยานพาหนะแล้ว',
    'battery.free': 'ยังไม่ผูก',
    'battery.detailTitle': 'แบตเตอรี่ {number}',
    'battery.loadFailed': 'ไม่สามารถโหลดแบตเตอรี่ได้',
    'battery.cell': 'เซลล์',
    'battery.cellSummary': '{count} เซลล์ ต่ำสุด {min} V สูงสุด {max} V ต่างกัน {spread} mV',
    'battery.noCells': 'ยังไม่มีการรายงานแรงดันเซลล์',
  },
  zh: {
    'battery.bound': '已绑定车辆',
    'battery.free': '未绑定',
    'battery.detailTitle': '电池 {number}',
    'battery.loadFailed': '电池加载失败。',
    'battery.cell': '电芯',
    'battery.cellSummary': '{count} 个电芯，最低 {min} V，最高 {max} V，压差 {spread} mV',
    'battery.noCells': '尚未上报电芯电压',
  },
} satisfies FeatureTexts;
