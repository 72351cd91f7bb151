/**
 * English words of the enumeration values (and yes/no) the product shows, by group: the screens read
 * them as catalogue keys `<group>.<VALUE>`, the CSV exports and the audit log by group and value.
 */
export const ENUM_WORDS_EN = {
  common: {
    yes: 'Yes',
    no: 'No',
  },
  'account.accountType': {
    PLATFORM: 'Platform',
    MERCHANT: 'Merchant',
  },
  'account.status': {
    ENABLED: 'Enabled',
    DISABLED: 'Disabled',
  },
  'shell.userType': {
    SUPER: 'Super administrator',
    NORMAL: 'General administrator',
    SON: 'Sub-account',
  },
  'merchant.type': {
    AGENT: 'Agent',
    DIRECT: 'Direct',
  },
  'menu.resourceType': {
    BUTTON: 'Button',
    LINK: 'Link',
  },
  'deviceType.structure': {
    TERNARY_LITHIUM: 'Ternary lithium',
    LFP: 'Lithium iron phosphate',
  },
  'deviceRegistry.stock': {
    INSTOCK: 'In stock',
    OUTSTOCK: 'Out of stock',
  },
  'deviceRegistry.scrap': {
    NORMAL: 'Normal',
    SCRAPPED: 'Scrapped',
  },
  'deviceRegistry.alarm': {
    NORMAL: 'Normal',
    ALARM: 'Alarm',
  },
  'deviceRegistry.switch': {
    ALLOWED: 'Allowed',
    FORBIDDEN: 'Forbidden',
  },
  'swap.result': {
    SUCCEEDED: 'Succeeded',
    FAILED: 'Failed',
    ABORTED: 'Aborted',
  },
  'swap.appointmentStatus': {
    RESERVED: 'Reserved',
    USED: 'Used',
    EXPIRED: 'Expired',
    CANCELLED: 'Cancelled',
  },
  'swap.distribution': {
    ASSIGNED: 'Assigned',
    UNASSIGNED: 'Unassigned',
  },
  'swap.return': {
    NONE: 'Not returning',
    RETURNING: 'Being returned',
  },
  'stock.direction': {
    INSTOCK: 'Stock in',
    OUTSTOCK: 'Stock out',
  },
  'command.status': {
    QUEUED: 'Queued',
    SENT: 'Sent',
    ACCEPTED: 'Accepted',
    REJECTED: 'Rejected',
    SUCCEEDED: 'Succeeded',
    FAILED: 'Failed',
    TIMEOUT: 'Timed out',
    EXPIRED: 'Expired',
    CANCELLED: 'Cancelled',
  },
  'command.name': {
    OPEN_DOOR: 'Open door',
    BATTERY_LOCK: 'Lock battery',
    BATTERY_UNLOCK: 'Unlock battery',
    CHARGER_ON: 'Charger on',
    CHARGER_OFF: 'Charger off',
    COMPARTMENT_ENABLE: 'Enable compartment',
    COMPARTMENT_DISABLE: 'Disable compartment',
    CHARGE_ALLOW: 'Allow charge',
    CHARGE_FORBID: 'Forbid charge',
    DISCHARGE_ALLOW: 'Allow discharge',
    DISCHARGE_FORBID: 'Forbid discharge',
    RESTART: 'Restart',
    FIRMWARE_UPDATE: 'Firmware update',
  },
  'vehicle.sale': {
    SOLD: 'Sold',
    UNSOLD: 'Unsold',
  },
  'vehicle.saleMode': {
    SALE_ONLY: 'Sale only',
    RENT_ONLY: 'Rent only',
    RENT_OR_SALE: 'Rent or sale',
    NEITHER: 'Neither',
  },
  'vehicle.availability': {
    AVAILABLE: 'Available',
    UNAVAILABLE: 'Unavailable',
  },
  'vehicle.activation': {
    ACTIVATED: 'Activated',
    NOT_ACTIVATED: 'Not activated',
  },
  'vehicle.acc': {
    ON: 'On',
    OFF: 'Off',
  },
  'cabinet.supply': {
    NORMAL: 'Normal',
    OUTAGE: 'Power outage',
  },
  'cabinet.onOff': {
    ON: 'On',
    OFF: 'Off',
  },
  'cabinet.radiator': {
    AUTO: 'Automatic',
    ON: 'Always on',
    OFF: 'Off',
  },
} as const;

/** The groups and values every language words. */
export type EnumWordsTable = { readonly [G in keyof typeof ENUM_WORDS_EN]: { readonly [V in keyof (typeof ENUM_WORDS_EN)[G]]: string } };
