import type { EnumWordsTable } from './en.js';

export const ENUM_WORDS_TH: EnumWordsTable = {
  common: {
    yes: 'ใช่',
    no: 'ไม่',
  },
  'account.accountType': {
    PLATFORM: 'แพลตฟอร์ม',
    MERCHANT: 'ผู้ค้า',
  },
  'account.status': {
    ENABLED: 'เปิดใช้งาน',
    DISABLED: 'ปิดใช้งาน',
  },
  'shell.userType': {
    SUPER: 'ผู้ดูแลระบบสูงสุด',
    NORMAL: 'ผู้ดูแลระบบทั่วไป',
    SON: 'บัญชีย่อย',
  },
  'merchant.type': {
    AGENT: 'ตัวแทน',
    DIRECT: 'ดำเนินการเอง',
  },
  'menu.resourceType': {
    BUTTON: 'ปุ่ม',
    LINK: 'ลิงก์',
  },
  'deviceType.structure': {
    TERNARY_LITHIUM: 'ลิเธียมเทอร์นารี',
    LFP: 'ลิเธียมไอรอนฟอสเฟต',
  },
  'deviceRegistry.stock': {
    INSTOCK: 'อยู่ในคลัง',
    OUTSTOCK: 'ออกจากคลังแล้ว',
  },
  'deviceRegistry.scrap': {
    NORMAL: 'ปกติ',
    SCRAPPED: 'ปลดระวางแล้ว',
  },
  'deviceRegistry.alarm': {
    NORMAL: 'ปกติ',
    ALARM: 'แจ้งเตือน',
  },
  'deviceRegistry.switch': {
    ALLOWED: 'อนุญาต',
    FORBIDDEN: 'ห้าม',
  },
  'swap.result': {
    SUCCEEDED: 'สำเร็จ',
    FAILED: 'ล้มเหลว',
    ABORTED: 'ยกเลิกกลางคัน',
  },
  'swap.appointmentStatus': {
    RESERVED: 'จองแล้ว',
    USED: 'ใช้แล้ว',
    EXPIRED: 'หมดอายุ',
    CANCELLED: 'ยกเลิกแล้ว',
  },
  'swap.distribution': {
    ASSIGNED: 'จัดสรรแล้ว',
    UNASSIGNED: 'ยังไม่จัดสรร',
  },
  'swap.return': {
    NONE: 'ไม่ได้คืน',
    RETURNING: 'กำลังคืน',
  },
  'stock.direction': {
    INSTOCK: 'รับเข้า',
    OUTSTOCK: 'เบิกออก',
  },
  'command.status': {
    QUEUED: 'รอคิว',
    SENT: 'ส่งแล้ว',
    ACCEPTED: 'รับคำสั่งแล้ว',
    REJECTED: 'ถูกปฏิเสธ',
    SUCCEEDED: 'สำเร็จ',
    FAILED: 'ล้มเหลว',
    TIMEOUT: 'หมดเวลา',
    EXPIRED: 'หมดอายุ',
    CANCELLED: 'ยกเลิกแล้ว',
  },
  'command.name': {
    OPEN_DOOR: 'เปิดประตู',
    BATTERY_LOCK: 'ล็อกแบตเตอรี่',
    BATTERY_UNLOCK: 'ปลดล็อกแบตเตอรี่',
    CHARGER_ON: 'เปิดเครื่องชาร์จ',
    CHARGER_OFF: 'ปิดเครื่องชาร์จ',
    COMPARTMENT_ENABLE: 'เปิดใช้ช่อง',
    COMPARTMENT_DISABLE: 'ปิดใช้ช่อง',
    CHARGE_ALLOW: 'อนุญาตการชาร์จ',
    CHARGE_FORBID: 'ห้ามการชาร์จ',
    DISCHARGE_ALLOW: 'อนุญาตการคายประจุ',
    DISCHARGE_FORBID: 'ห้ามการคายประจุ',
    RESTART: 'รีสตาร์ท',
    FIRMWARE_UPDATE: 'อัปเดตเฟิร์มแวร์',
  },
  'vehicle.sale': {
    SOLD: 'ขายแล้ว',
    UNSOLD: 'ยังไม่ขาย',
  },
  'vehicle.saleMode': {
    SALE_ONLY: 'ขายเท่านั้น',
    RENT_ONLY: 'เช่าเท่านั้น',
    RENT_OR_SALE: 'เช่าหรือขาย',
    NEITHER: 'ไม่ขายและไม่ให้เช่า',
  },
  'vehicle.availability': {
    AVAILABLE: 'พร้อมใช้งาน',
    UNAVAILABLE: 'ไม่พร้อมใช้งาน',
  },
  'vehicle.activation': {
    ACTIVATED: 'เปิดใช้งานแล้ว',
    NOT_ACTIVATED: 'ยังไม่เปิดใช้งาน',
  },
  'vehicle.acc': {
    ON: 'เปิด',
    OFF: 'ปิด',
  },
  'cabinet.supply': {
    NORMAL: 'ปกติ',
    OUTAGE: 'ไฟดับ',
  },
  'cabinet.onOff': {
    ON: 'เปิด',
    OFF: 'ปิด',
  },
  'cabinet.radiator': {
    AUTO: 'อัตโนมัติ',
    ON: 'เปิดตลอด',
    OFF: 'ปิด',
  },
};
