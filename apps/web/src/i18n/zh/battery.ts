import type { battery as en } from '../en/battery';

/** Batteries: list and detail. */
export const battery: Record<keyof typeof en, string> = {
  'battery.bound': '已绑定车辆',
  'battery.free': '未绑定',
  'battery.detailTitle': '电池 {number}',
  'battery.loadFailed': '电池加载失败。',
  'battery.cell': '电芯',
  'battery.cellSummary': '{count} 个电芯，最低 {min} V，最高 {max} V，压差 {spread} mV',
  'battery.noCells': '尚未上报电芯电压',
};
