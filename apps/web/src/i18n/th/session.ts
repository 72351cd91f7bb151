import type { session as en } from '../en/session';

export const session: Record<keyof typeof en, string> = {
  'session.title': 'เข้าสู่ระบบ',
  'session.subtitle': 'ระบบปฏิบัติการสลับแบตเตอรี่และยานยนต์ไฟฟ้า',
  'session.username': 'ชื่อผู้ใช้',
  'session.password': 'รหัสผ่าน',
  'session.submit': 'เข้าสู่ระบบ',
  'session.forgotPassword': 'ลืมรหัสผ่าน?',
  'session.success': 'เข้าสู่ระบบสำเร็จ!',
  'session.demoTitle': 'บัญชีทดลอง',
  'session.demoHint': 'เลือกบัญชีเพื่อกรอกแบบฟอร์ม',
  'session.demoUse': 'ใช้บัญชี {username}',
  'session.version': 'เวอร์ชัน {version}',
  'session.callback': 'กำลังเข้าสู่ระบบ…',
  'session.sso': 'ลงชื่อเข้าใช้ด้วย {name}',
  'session.ssoFailed': 'การลงชื่อเข้าใช้ครั้งเดียวไม่สำเร็จ',
  'session.ssoBack': 'กลับไปหน้าลงชื่อเข้าใช้',
  'session.or': 'หรือ',
  'session.signUpLink': 'สมัครเป็นผู้ค้า',
};
