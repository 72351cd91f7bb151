/** การแจ้งข่าว: รายการ ค้นหา แบบฟอร์มเพิ่มและแก้ไข */
export const notification = {
  'notification.title': 'หัวข้อ',
  'notification.description': 'คำอธิบาย',
  'notification.country': 'ประเทศ',
  'notification.createdAt': 'วันที่สร้าง',
  'notification.add': 'เพิ่มการแจ้งข่าว',
  'notification.addTitle': 'เพิ่มการแจ้งข่าว',
  'notification.editTitle': 'แก้ไขการแจ้งข่าว',
  'notification.confirmRemove': 'ลบการแจ้งข่าวนี้หรือไม่ ผู้ใช้แอปจะไม่เห็นอีกต่อไป',
};
