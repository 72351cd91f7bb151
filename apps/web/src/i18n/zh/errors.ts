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
  'errors.back': '返回',
  'errors.signIn': '登录',
  'errors.offline': '无法连接服务器，请检查网络连接后重试。',
  'errors.timeout': '服务器未及时响应，请重试。',
  'errors.unavailable': '服务器暂时不可用（HTTP {status}），请稍后重试。',
  'errors.unreadable': '无法读取服务器的响应（HTTP {status}）。',
};
