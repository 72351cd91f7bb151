import type { vehicle as en } from '../en/vehicle';

/** Vehicles: list, detail and batteries. */
export const vehicle: Record<keyof typeof en, string> = {
  'vehicle.detailTitle': '车辆 {number}',
  'vehicle.loadFailed': '车辆加载失败。',
  'vehicle.batteries': '电池',
  'vehicle.commerce': '销售与租赁',
  'vehicle.capacity': '{capacity} Ah',
  'vehicle.noBattery': '无',
  'vehicle.bind': '绑定电池',
  'vehicle.bindTitle': '{number} 的电池',
  'vehicle.batteryHelp': '填写与车辆同一所属的已登记电池编号；清空即解绑。',
  'vehicle.unbind': '解绑',
  'vehicle.confirmUnbind': '确定将电池 {number} 从该车辆解绑？',
  'vehicle.unbound': '电池已解绑',
  'vehicle.vinHelp': '17 位，不含 I、O、Q',
  'vehicle.mark.SOLD': '标记为已售',
  'vehicle.mark.UNSOLD': '标记为未售',
  'vehicle.confirmMark.SOLD': '将车辆 {number} 标记为已售？',
  'vehicle.confirmMark.UNSOLD': '将车辆 {number} 标记为未售？',
  'vehicle.confirmMarkSelected.SOLD': '将所选车辆标记为已售？',
  'vehicle.confirmMarkSelected.UNSOLD': '将所选车辆标记为未售？',
  'vehicle.saleChanged': '销售状态已更新',
};
