import type { shell as en } from '../en/shell';

export const shell: Record<keyof typeof en, string> = {
  'shell.language': 'Bahasa',
  'shell.languageName.en': 'English',
  'shell.languageName.in': 'Bahasa Indonesia',
  'shell.languageName.th': 'ไทย',
  'shell.languageName.zh': '中文',
  'shell.sessionTitle': 'Info',
  'shell.sessionExpired': 'Sesi login telah berakhir, silakan login kembali',
  'shell.loading': 'Memuat back-office',
  'shell.pageLoading': 'Memuat halaman',
};
