import type { idle as en } from '../../en/signed-in/idle';

export const idle: Record<keyof typeof en, string> = {
  'idle.title': '还在吗？',
  'idle.body': '由于一段时间无操作，您将在 {seconds} 秒后退出登录。',
  'idle.stay': '保持登录',
};
