import type { shell as en } from '../en/shell';

export const shell: Record<keyof typeof en, string> = {
  'shell.language': 'ภาษา',
  'shell.languageName.en': 'English',
  'shell.languageName.in': 'Bahasa Indonesia',
  'shell.languageName.th': 'ไทย',
  'shell.languageName.zh': '中文',
  'shell.sessionTitle': 'คำแนะนำ',
  'shell.sessionExpired': 'การเข้าสู่ระบบหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง',
  'shell.loading': 'กำลังโหลดระบบหลังบ้าน',
  'shell.pageLoading': 'กำลังโหลดหน้า',
};
