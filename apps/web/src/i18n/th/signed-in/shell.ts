import type { shell as en } from '../../en/signed-in/shell';

export const shell: Record<keyof typeof en, string> = {
  'shell.mainNav': 'เมนูหลัก',
  'shell.toggleSidebar': 'ย่อหรือขยายเมนู',
  'shell.quickLinks': 'ลิงก์ด่วน',
  'shell.noQuickLinks': 'ยังไม่มีศูนย์ที่มีหน้าจอให้ใช้งาน',
  'shell.userMenu': 'เมนูผู้ใช้',
  'shell.signOut': 'ออกจากระบบ',
  'shell.lockScreen': 'ล็อกหน้าจอ',
  'shell.alarmsCounting': 'การแจ้งเตือนที่ยังไม่รับทราบ (ป้ายบนแถบหัว): กำลังนับ',
  'shell.alarmsOpen': 'การแจ้งเตือนที่ยังไม่รับทราบ {count} รายการ (ป้ายบนแถบหัว)',
  'shell.newAlarm': 'การแจ้งเตือนระดับ{level}: {device}, {content}',
};
