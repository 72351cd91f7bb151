import type { vehicle as en } from '../en/vehicle';

/** Vehicles: list, detail and batteries. */
export const vehicle: Record<keyof typeof en, string> = {
  'vehicle.detailTitle': 'ยานพาหนะ {number}',
  'vehicle.loadFailed': 'ไม่สามารถโหลดยานพาหนะได้',
  'vehicle.batteries': 'แบตเตอรี่',
  'vehicle.commerce': 'การขายและการเช่า',
  'vehicle.capacity': '{capacity} Ah',
  'vehicle.noBattery': 'ไม่มี',
  'vehicle.bind': 'ผูกแบตเตอรี่',
  'vehicle.bindTitle': 'แบตเตอรี่ของ {number}',
  'vehicle.batteryHelp': 'แบตเตอรี่ที่ลงทะเบียนของเจ้าของยานพาหนะ ล้างช่องเพื่อยกเลิกการผูก',
  'vehicle.unbind': 'ยกเลิกการผูก',
  'vehicle.confirmUnbind': 'ยกเลิกการผูกแบตเตอรี่ {number} จากยานพาหนะนี้หรือไม่',
  'vehicle.unbound': 'ยกเลิกการผูกแบตเตอรี่แล้ว',
  'vehicle.vinHelp': '17 ตัวอักษร ไม่มี I, O หรือ Q',
  'vehicle.mark.SOLD': 'ทำเครื่องหมายว่าขายแล้ว',
  'vehicle.mark.UNSOLD': 'ทำเครื่องหมายว่ายังไม่ขาย',
  'vehicle.confirmMark.SOLD': 'ทำเครื่องหมายยานพาหนะ {number} ว่าขายแล้วหรือไม่',
  'vehicle.confirmMark.UNSOLD': 'ทำเครื่องหมายยานพาหนะ {number} ว่ายังไม่ขายหรือไม่',
  'vehicle.confirmMarkSelected.SOLD': 'ทำเครื่องหมายยานพาหนะที่เลือกว่าขายแล้วหรือไม่',
  'vehicle.confirmMarkSelected.UNSOLD': 'ทำเครื่องหมายยานพาหนะที่เลือกว่ายังไม่ขายหรือไม่',
  'vehicle.saleChanged': 'อัปเดตสถานะการขายแล้ว',
};
