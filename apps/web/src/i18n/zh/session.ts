import type { session as en } from '../en/session';

export const session: Record<keyof typeof en, string> = {
  'session.title': '登录',
  'session.subtitle': '换电与电动车运营后台',
  'session.username': '用户名',
  'session.password': '密码',
  'session.submit': '登录',
  'session.forgotPassword': '忘记密码？',
  'session.success': '用户登录成功！',
  'session.demoTitle': '演示账号',
  'session.demoHint': '选择一个账号以填写表单。',
  'session.demoUse': '使用 {username} 账号',
  'session.version': '版本 {version}',
  'session.callback': '正在登录…',
  'session.sso': '使用 {name} 登录',
  'session.ssoFailed': '单点登录未成功',
  'session.ssoBack': '返回登录页',
  'session.or': '或',
  'session.signUpLink': '申请成为商户',
};
