import type { tour as en } from '../../en/signed-in/tour';

export const tour: Record<keyof typeof en, string> = {
  'tour.skip': '跳过',
  'tour.back': '上一步',
  'tour.next': '下一步',
  'tour.finish': '完成',
  'tour.close': '关闭',
  'tour.sidebarTitle': '菜单',
  'tour.sidebarBody': '在这里收起或展开侧边菜单，为较宽的列表腾出空间。',
  'tour.quickLinksTitle': '快捷入口',
  'tour.quickLinksBody': '直接进入您有权使用的任一中心。',
  'tour.languageTitle': '语言',
  'tour.languageBody': '切换界面语言，系统会记住您的选择。',
};
