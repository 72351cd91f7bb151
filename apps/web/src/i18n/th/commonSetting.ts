/** Common settings screen. */
export const commonSetting = {
  'commonSetting.add': 'เพิ่มการตั้งค่า',
  'commonSetting.addTitle': 'เพิ่มการตั้งค่า',
  'commonSetting.editTitle': 'แก้ไขการตั้งค่า',
  'commonSetting.keyword': 'ชื่อ ค่า หรือคำอธิบาย',
  'commonSetting.name': 'ชื่อ',
  'commonSetting.value': 'ค่า',
  'commonSetting.description': 'คำอธิบาย',
  'commonSetting.remark': 'หมายเหตุ',
  'commonSetting.updatedAt': 'อัปเดตเมื่อ',
};
