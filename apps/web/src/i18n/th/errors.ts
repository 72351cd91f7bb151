import type { errors as en } from '../en/errors';

export const errors: Record<keyof typeof en, string> = {
  'errors.serverTitle': 'ระบบขัดข้อง',
  'errors.serverMessage': 'เซิร์ฟเวอร์ขัดข้อง กรุณารีเฟรชหน้า',
  'errors.refresh': 'รีเฟรช',
  'errors.permissionTitle': 'ไม่มีสิทธิ์',
  'errors.permissionMessage': 'คุณไม่มีสิทธิ์เปิดหน้านี้',
  'errors.notFoundTitle': 'ไม่พบหน้า',
  'errors.notFoundMessage': 'ไม่มีหน้านี้ หรือลิงก์ไม่ถูกต้อง',
  'errors.home': 'ไปที่แดชบอร์ด',
  'errors.back': 'ย้อนกลับ',
  'errors.signIn': 'เข้าสู่ระบบ',
  'errors.offline': 'ไม่สามารถเชื่อมต่อเซิร์ฟเวอร์ได้ โปรดตรวจสอบการเชื่อมต่อเครือข่ายแล้วลองอีกครั้ง',
  'errors.timeout': 'เซิร์ฟเวอร์ไม่ตอบกลับภายในเวลาที่กำหนด โปรดลองอีกครั้ง',
  'errors.unavailable': 'เซิร์ฟเวอร์ไม่พร้อมให้บริการในขณะนี้ (HTTP {status}) โปรดลองอีกครั้งในอีกสักครู่',
  'errors.unreadable': 'ไม่สามารถอ่านคำตอบจากเซิร์ฟเวอร์ได้ (HTTP {status})',
};
