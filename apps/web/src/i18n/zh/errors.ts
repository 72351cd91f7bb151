import type { errors as en } from '../en/errors';

export const errors: Record<keyof typeof en, string> = {
  'errors.serverTitle': '系统错误',
  'errors.serverMessage': '服务器出错，请刷新页面。',
  'errors.refresh': '刷新',
  'errors.permissionTitle': '无权限',
  'errors.permissionMessage': '您没有打开此页面的权限。',
  'errors.notFoundTitle': '页面不存在',
  'errors.notFoundMessage': '页面不存在或链接无效。',
  'errors.home': '前往仪表盘',
  'errors.signIn': '登录',
};
