/** Audit log screen (super administrators only). */
export const auditLog = {
  'auditLog.time': 'เวลา',
  'auditLog.username': 'ผู้ใช้',
  'auditLog.platform': 'แพลตฟอร์ม',
  'auditLog.action': 'การกระทำ',
  'auditLog.object': 'ออบเจ็กต์',
  'auditLog.success': 'สำเร็จ',
  'auditLog.changes': 'การเปลี่ยนแปลง',
  'auditLog.period': 'ช่วงเวลา',
};
