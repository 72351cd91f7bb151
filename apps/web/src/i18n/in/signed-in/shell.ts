import type { shell as en } from '../../en/signed-in/shell';

export const shell: Record<keyof typeof en, string> = {
  'shell.mainNav': 'Navigasi utama',
  'shell.toggleSidebar': 'Ciutkan atau bentangkan menu',
  'shell.quickLinks': 'Tautan cepat',
  'shell.noQuickLinks': 'Belum ada pusat dengan layar yang tersedia',
  'shell.userMenu': 'Menu pengguna',
  'shell.signOut': 'Keluar',
  'shell.lockScreen': 'Kunci layar',
  'shell.alarmsCounting': 'Alarm belum diakui (lencana header): sedang dihitung',
  'shell.alarmsOpen': '{count} alarm belum diakui (lencana header)',
  'shell.newAlarm': 'Alarm {level}: {device}, {content}',
};
