import type { EnumWordsTable } from './en.js';

export const ENUM_WORDS_ZH: EnumWordsTable = {
  common: {
    yes: '是',
    no: '否',
  },
  'account.accountType': {
    PLATFORM: '平台',
    MERCHANT: '商户',
  },
  'account.status': {
    ENABLED: '已启用',
    DISABLED: '已停用',
  },
  'shell.userType': {
    SUPER: '超级管理员',
    NORMAL: '普通管理员',
    SON: '子账号',
  },
  'merchant.type': {
    AGENT: '代理商',
    DIRECT: '直营',
  },
  'menu.resourceType': {
    BUTTON: '按钮',
    LINK: '链接',
  },
  'deviceType.structure': {
    TERNARY_LITHIUM: '三元锂',
    LFP: '磷酸铁锂',
  },
  'deviceRegistry.stock': {
    INSTOCK: '在库',
    OUTSTOCK: '已出库',
  },
  'deviceRegistry.scrap': {
    NORMAL: '正常',
    SCRAPPED: '已报废',
  },
  'deviceRegistry.alarm': {
    NORMAL: '正常',
    ALARM: '告警',
  },
  'deviceRegistry.switch': {
    ALLOWED: '允许',
    FORBIDDEN: '禁止',
  },
  'swap.result': {
    SUCCEEDED: '成功',
    FAILED: '失败',
    ABORTED: '已中止',
  },
  'swap.appointmentStatus': {
    RESERVED: '已预约',
    USED: '已使用',
    EXPIRED: '已过期',
    CANCELLED: '已取消',
  },
  'swap.distribution': {
    ASSIGNED: '已分配',
    UNASSIGNED: '未分配',
  },
  'swap.return': {
    NONE: '未退还',
    RETURNING: '退还中',
  },
  'stock.direction': {
    INSTOCK: '入库',
    OUTSTOCK: '出库',
  },
  'command.status': {
    QUEUED: '排队中',
    SENT: '已下发',
    ACCEPTED: '已接受',
    REJECTED: '已拒绝',
    SUCCEEDED: '成功',
    FAILED: '失败',
    TIMEOUT: '超时',
    EXPIRED: '已过期',
    CANCELLED: '已取消',
  },
  'command.name': {
    OPEN_DOOR: '开门',
    BATTERY_LOCK: '锁定电池',
    BATTERY_UNLOCK: '解锁电池',
    CHARGER_ON: '打开充电器',
    CHARGER_OFF: '关闭充电器',
    COMPARTMENT_ENABLE: '启用仓位',
    COMPARTMENT_DISABLE: '禁用仓位',
    CHARGE_ALLOW: '允许充电',
    CHARGE_FORBID: '禁止充电',
    DISCHARGE_ALLOW: '允许放电',
    DISCHARGE_FORBID: '禁止放电',
    RESTART: '重启',
    FIRMWARE_UPDATE: '固件升级',
  },
  'vehicle.sale': {
    SOLD: '已售',
    UNSOLD: '未售',
  },
  'vehicle.saleMode': {
    SALE_ONLY: '仅售',
    RENT_ONLY: '仅租',
    RENT_OR_SALE: '可租可售',
    NEITHER: '不租不售',
  },
  'vehicle.availability': {
    AVAILABLE: '可用',
    UNAVAILABLE: '不可用',
  },
  'vehicle.activation': {
    ACTIVATED: '已激活',
    NOT_ACTIVATED: '未激活',
  },
  'vehicle.acc': {
    ON: '开',
    OFF: '关',
  },
  'cabinet.supply': {
    NORMAL: '正常',
    OUTAGE: '断电',
  },
  'cabinet.onOff': {
    ON: '开',
    OFF: '关',
  },
  'cabinet.radiator': {
    AUTO: '自动',
    ON: '常开',
    OFF: '关闭',
  },
};
