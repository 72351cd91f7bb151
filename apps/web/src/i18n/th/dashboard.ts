import type { dashboard as en } from '../en/dashboard';

export const dashboard: Record<keyof typeof en, string> = {
  'dashboard.welcome': 'ยินดีต้อนรับ {name}',
  'dashboard.centres': 'ศูนย์ของคุณ',
  'dashboard.open': 'เปิด{centre}',
  'dashboard.noScreens': 'ยังไม่มีหน้าจอของศูนย์นี้ให้ใช้งาน',
  'dashboard.noCentres': 'บัญชีนี้ยังไม่ได้รับสิทธิ์ศูนย์ใด',
  'dashboard.desc.product-center': 'ยานพาหนะ แบตเตอรี่ ตู้ การแจ้งเตือน คลังสินค้า และประเภท',
  'dashboard.desc.operation-center': 'ราคา การจัดสรร สถานี คำร้อง และการแจ้งข่าว',
  'dashboard.desc.order-center': 'คำสั่งซื้อผลิตภัณฑ์ ยานพาหนะ แบตเตอรี่ เติมเงิน แพ็กเกจ และบันทึกการสลับ',
  'dashboard.desc.user-center': 'ลูกค้าและการตรวจสอบตัวตน',
  'dashboard.desc.system-center': 'บัญชี ผู้ค้า บทบาท เมนู การอัปเกรด และการตั้งค่า',
  'dashboard.desc.statistics-center': 'สถิติยานพาหนะ',
};
