import type { shell as en } from '../en/shell';

export const shell: Record<keyof typeof en, string> = {
  'shell.language': '语言',
  'shell.languageName.en': 'English',
  'shell.languageName.in': 'Bahasa Indonesia',
  'shell.languageName.th': 'ไทย',
  'shell.languageName.zh': '中文',
  'shell.sessionTitle': '提示',
  'shell.sessionExpired': '登录已过期，请重新登录',
  'shell.loading': '正在加载后台',
  'shell.pageLoading': '正在加载页面',
};
