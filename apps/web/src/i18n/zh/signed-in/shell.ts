import type { shell as en } from '../../en/signed-in/shell';

export const shell: Record<keyof typeof en, string> = {
  'shell.mainNav': '主导航',
  'shell.toggleSidebar': '收起或展开菜单',
  'shell.quickLinks': '快捷入口',
  'shell.noQuickLinks': '暂无可用页面的中心',
  'shell.userMenu': '用户菜单',
  'shell.signOut': '退出登录',
  'shell.lockScreen': '锁定屏幕',
  'shell.alarmsCounting': '未确认告警（顶栏角标）：统计中',
  'shell.alarmsOpen': '{count} 条未确认告警（顶栏角标）',
  'shell.newAlarm': '{level}级告警：{device}，{content}',
};
