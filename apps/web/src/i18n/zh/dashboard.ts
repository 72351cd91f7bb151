import type { dashboard as en } from '../en/dashboard';

export const dashboard: Record<keyof typeof en, string> = {
  'dashboard.welcome': '欢迎，{name}',
  'dashboard.centres': '您的中心',
  'dashboard.open': '打开{centre}',
  'dashboard.noScreens': '该中心暂无可用页面。',
  'dashboard.noCentres': '该账号未被授予任何中心。',
  'dashboard.desc.product-center': '车辆、电池、换电柜、告警、库存与类型',
  'dashboard.desc.operation-center': '定价、分配、站点、申请与通知',
  'dashboard.desc.order-center': '产品、车辆、电池、充值与套餐订单，换电记录',
  'dashboard.desc.user-center': '客户与身份审核',
  'dashboard.desc.system-center': '账号、商户、角色、菜单、升级与设置',
  'dashboard.desc.statistics-center': '车辆统计',
};
