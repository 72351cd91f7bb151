import type { idle as en } from '../../en/signed-in/idle';

export const idle: Record<keyof typeof en, string> = {
  'idle.title': 'Masih di sana?',
  'idle.body': 'Anda akan dikeluarkan dalam {seconds} detik karena tidak ada aktivitas.',
  'idle.stay': 'Tetap masuk',
};
