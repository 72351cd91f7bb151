import type { deviceType as en } from '../en/deviceType';

/** Vehicle, battery and cabinet types: list and form. */
export const deviceType: Record<keyof typeof en, string> = {
  'deviceType.add': 'เพิ่มประเภท',
  'deviceType.addTitle': 'เพิ่มประเภท',
  'deviceType.editTitle': 'แก้ไขประเภท {name}',
  'deviceType.code': 'รหัสประเภท',
  'deviceType.name': 'ชื่อ',
  'deviceType.description': 'คำอธิบาย',
  'deviceType.confirmRemove': 'ลบประเภทนี้หรือไม่ ประเภทที่กำลังใช้งานไม่สามารถลบได้',
};
