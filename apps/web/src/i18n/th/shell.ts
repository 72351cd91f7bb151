import type { shell as en } from '../en/shell';

export const shell: Record<keyof typeof en, string> = {
  'shell.mainNav': 'เมนูหลัก',
  'shell.toggleSidebar': 'ย่อหรือขยายเมนู',
  'shell.language': 'ภาษา',
  'shell.languageName.en': 'English',
  'shell.languageName.in': 'Bahasa Indonesia',
  'shell.languageName.th': 'ไทย',
  'shell.languageName.zh': '中文',
  'shell.quickLinks': 'ลิงก์ด่วน',
  'shell.noQuickLinks': 'ยังไม่มีศูนย์ที่มีหน้าจอให้ใช้งาน',
  'shell.userMenu': 'เมนูผู้ใช้',
  'shell.signOut': 'ออกจากระบบ',
  'shell.lockScreen': 'ล็อกหน้าจอ',
  'shell.sessionTitle': 'คำแนะนำ',
  'shell.sessionExpired': 'การเข้าสู่ระบบหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง',
  'shell.loading': 'กำลังโหลดระบบหลังบ้าน',
  'shell.pageLoading': 'กำลังโหลดหน้า',
  'shell.alarmsOpen': 'การแจ้งเตือนที่เปิดอยู่ {count} รายการ',
  'shell.newAlarm': 'การแจ้งเตือนระดับ{level}: {device}, {content}',
};
