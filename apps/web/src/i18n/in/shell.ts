import type { shell as en } from '../en/shell';

export const shell: Record<keyof typeof en, string> = {
  'shell.mainNav': 'Navigasi utama',
  'shell.toggleSidebar': 'Ciutkan atau bentangkan menu',
  'shell.language': 'Bahasa',
  'shell.languageName.en': 'English',
  'shell.languageName.in': 'Bahasa Indonesia',
  'shell.languageName.th': 'ไทย',
  'shell.languageName.zh': '中文',
  'shell.quickLinks': 'Tautan cepat',
  'shell.noQuickLinks': 'Belum ada pusat dengan layar yang tersedia',
  'shell.userMenu': 'Menu pengguna',
  'shell.signOut': 'Keluar',
  'shell.lockScreen': 'Kunci layar',
  'shell.sessionTitle': 'Info',
  'shell.sessionExpired': 'Sesi login telah berakhir, silakan login kembali',
  'shell.loading': 'Memuat back-office',
  'shell.pageLoading': 'Memuat halaman',
  'shell.alarmsOpen': '{count} alarm terbuka',
  'shell.newAlarm': 'Alarm {level}: {device}, {content}',
};
