import type { EnumWordsTable } from './en.js';

export const ENUM_WORDS_IN: EnumWordsTable = {
  common: {
    yes: 'Ya',
    no: 'Tidak',
  },
  'account.accountType': {
    PLATFORM: 'Platform',
    MERCHANT: 'Merchant',
  },
  'account.status': {
    ENABLED: 'Aktif',
    DISABLED: 'Nonaktif',
  },
  'shell.userType': {
    SUPER: 'Administrator super',
    NORMAL: 'Administrator umum',
    SON: 'Sub-akun',
  },
  'merchant.type': {
    AGENT: 'Agen',
    DIRECT: 'Langsung',
  },
  'menu.resourceType': {
    BUTTON: 'Tombol',
    LINK: 'Tautan',
  },
  'deviceType.structure': {
    TERNARY_LITHIUM: 'Litium terner',
    LFP: 'Litium besi fosfat',
  },
  'deviceRegistry.stock': {
    INSTOCK: 'Di stok',
    OUTSTOCK: 'Keluar stok',
  },
  'deviceRegistry.scrap': {
    NORMAL: 'Normal',
    SCRAPPED: 'Di-scrap',
  },
  'deviceRegistry.alarm': {
    NORMAL: 'Normal',
    ALARM: 'Alarm',
  },
  'deviceRegistry.switch': {
    ALLOWED: 'Diizinkan',
    FORBIDDEN: 'Dilarang',
  },
  'swap.result': {
    SUCCEEDED: 'Berhasil',
    FAILED: 'Gagal',
    ABORTED: 'Dibatalkan',
  },
  'swap.appointmentStatus': {
    RESERVED: 'Dipesan',
    USED: 'Digunakan',
    EXPIRED: 'Kedaluwarsa',
    CANCELLED: 'Dibatalkan',
  },
  'swap.distribution': {
    ASSIGNED: 'Ditugaskan',
    UNASSIGNED: 'Belum ditugaskan',
  },
  'swap.return': {
    NONE: 'Tidak dikembalikan',
    RETURNING: 'Sedang dikembalikan',
  },
  'stock.direction': {
    INSTOCK: 'Masuk stok',
    OUTSTOCK: 'Keluar stok',
  },
  'command.status': {
    QUEUED: 'Dalam antrean',
    SENT: 'Terkirim',
    ACCEPTED: 'Diterima',
    REJECTED: 'Ditolak',
    SUCCEEDED: 'Berhasil',
    FAILED: 'Gagal',
    TIMEOUT: 'Waktu habis',
    EXPIRED: 'Kedaluwarsa',
    CANCELLED: 'Dibatalkan',
  },
  'command.name': {
    OPEN_DOOR: 'Buka pintu',
    BATTERY_LOCK: 'Kunci baterai',
    BATTERY_UNLOCK: 'Buka kunci baterai',
    CHARGER_ON: 'Pengisi daya nyala',
    CHARGER_OFF: 'Pengisi daya mati',
    COMPARTMENT_ENABLE: 'Aktifkan kompartemen',
    COMPARTMENT_DISABLE: 'Nonaktifkan kompartemen',
    CHARGE_ALLOW: 'Izinkan pengisian',
    CHARGE_FORBID: 'Larang pengisian',
    DISCHARGE_ALLOW: 'Izinkan pengosongan',
    DISCHARGE_FORBID: 'Larang pengosongan',
    RESTART: 'Mulai ulang',
    FIRMWARE_UPDATE: 'Pembaruan firmware',
  },
  'vehicle.sale': {
    SOLD: 'Terjual',
    UNSOLD: 'Belum terjual',
  },
  'vehicle.saleMode': {
    SALE_ONLY: 'Hanya jual',
    RENT_ONLY: 'Hanya sewa',
    RENT_OR_SALE: 'Sewa atau jual',
    NEITHER: 'Tidak keduanya',
  },
  'vehicle.availability': {
    AVAILABLE: 'Tersedia',
    UNAVAILABLE: 'Tidak tersedia',
  },
  'vehicle.activation': {
    ACTIVATED: 'Aktif',
    NOT_ACTIVATED: 'Belum aktif',
  },
  'vehicle.acc': {
    ON: 'Nyala',
    OFF: 'Mati',
  },
  'cabinet.supply': {
    NORMAL: 'Normal',
    OUTAGE: 'Listrik padam',
  },
  'cabinet.onOff': {
    ON: 'Nyala',
    OFF: 'Mati',
  },
  'cabinet.radiator': {
    AUTO: 'Otomatis',
    ON: 'Selalu nyala',
    OFF: 'Mati',
  },
};
