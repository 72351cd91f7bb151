import type { tour as en } from '../../en/signed-in/tour';

export const tour: Record<keyof typeof en, string> = {
  'tour.skip': 'ข้าม',
  'tour.back': 'ก่อนหน้า',
  'tour.next': 'ถัดไป',
  'tour.finish': 'เสร็จสิ้น',
  'tour.close': 'ปิด',
  'tour.sidebarTitle': 'เมนู',
  'tour.sidebarBody': 'ย่อหรือขยายเมนูด้านข้างที่นี่ เพื่อให้มีพื้นที่สำหรับรายการที่กว้าง',
  'tour.quickLinksTitle': 'ลิงก์ด่วน',
  'tour.quickLinksBody': 'ไปยังศูนย์ที่คุณได้รับอนุญาตได้ทันที',
  'tour.languageTitle': 'ภาษา',
  'tour.languageBody': 'เปลี่ยนภาษาของหน้าจอ ระบบจะจำการเลือกของคุณไว้',
};
