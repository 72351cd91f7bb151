import type { session as en } from '../en/session';

export const session: Record<keyof typeof en, string> = {
  'session.title': 'Masuk',
  'session.subtitle': 'Operasional penukaran baterai dan kendaraan listrik',
  'session.username': 'Nama pengguna',
  'session.password': 'Kata sandi',
  'session.submit': 'Masuk',
  'session.forgotPassword': 'Lupa kata sandi?',
  'session.success': 'Pengguna berhasil masuk!',
  'session.demoTitle': 'Akun demo',
  'session.demoHint': 'Pilih akun untuk mengisi formulir.',
  'session.demoUse': 'Gunakan akun {username}',
  'session.version': 'Versi {version}',
  'session.callback': 'Sedang memproses masuk…',
  'session.sso': 'Masuk dengan {name}',
  'session.ssoFailed': 'Masuk tunggal tidak berhasil',
  'session.ssoBack': 'Kembali ke halaman masuk',
  'session.or': 'atau',
  'session.signUpLink': 'Daftar sebagai merchant',
};
