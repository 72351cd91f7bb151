import type { FieldLabels } from './language.js';
import { endpointsOf } from './endpoint.js';
import { ADD_EDIT, ADD_EDIT_REMOVE, audited } from './audited.js';
import { liveApi } from './device-link/live.js';
import { accountApi } from './domains/account.js';
import { sessionApi } from './domains/session.js';
import { profileApi, profileFieldLabels } from './domains/profile.js';
import { mailApi } from './domains/mail.js';
import { ssoRefusalApi, ssoRefusalFieldLabels } from './domains/sso-refusal.js';
import { applicationApi, applicationFieldLabels } from './domains/application.js';
import { areaApi } from './domains/area.js';
import { auditLogApi } from './domains/audit-log.js';
import { basePriceApi, basePriceFieldLabels } from './domains/base-price.js';
import { pricingApi } from './domains/pricing.js';
import { batteryApi } from './domains/battery.js';
import { cabinetApi, cabinetFieldLabels } from './domains/cabinet.js';
import { commandApi } from './domains/command.js';
import { deviceCredentialApi } from './domains/device-credential.js';
import { deviceLogApi, deviceLogFieldLabels } from './domains/device-log.js';
import { deviceTypeApi } from './domains/device-type.js';
import { distributionApi, distributionFieldLabels } from './domains/distribution.js';
import { fileApi } from './domains/file.js';
import { menuApi, resourceApi } from './domains/menu.js';
import { merchantApi } from './domains/merchant.js';
import { choicesApi } from './domains/choices.js';
import { notificationApi, notificationFieldLabels } from './domains/notification.js';
import { alarmApi, alarmFieldLabels } from './domains/alarm.js';
import { firmwareApi, firmwareFieldLabels } from './domains/firmware.js';
import { merchantApplicationApi, signUpApi, signUpFieldLabels } from './domains/sign-up.js';
import { productPackageApi, productPackageFieldLabels } from './domains/product-package.js';
import { priceSettingApi, priceSettingFieldLabels } from './domains/price-setting.js';
import { roleApi } from './domains/role.js';
import { commonSettingApi } from './domains/common-setting.js';
import { currencyApi } from './domains/currency.js';
import { dashboardApi } from './domains/dashboard.js';
import { stationApi } from './domains/station.js';
import { stockApi } from './domains/stock.js';
import { appointmentApi, swapApi } from './domains/swap.js';
import { telemetryApi } from './domains/telemetry.js';
import { topUpApi, topUpFieldLabels } from './domains/top-up.js';
import { externalSystemApi, externalSystemFieldLabels } from './domains/external-system.js';
import { customerApi, customerFieldLabels, identityApi } from './domains/customer.js';
import { productOrderApi, productOrderFieldLabels } from './domains/product-order.js';
import { deviceOrderApi, deviceOrderFieldLabels } from './domains/device-order.js';
import { swapOrderApi, swapOrderFieldLabels } from './domains/swap-order.js';
import { vehicleApi } from './domains/vehicle.js';
import { walletApi, walletFieldLabels } from './domains/wallet.js';
import { paymentApi } from './domains/payment.js';
import { walletOrderApi, walletOrderFieldLabels, walletSettingApi } from './domains/wallet-order.js';

// The domains' schemas, types and declarations, published with the package from here, so a new
// domain is added in this one file (docs/adding-a-resource.md).
export * from './domains/account.js';
export * from './domains/application.js';
export * from './domains/area.js';
export * from './domains/audit-log.js';
export * from './domains/base-price.js';
export * from './domains/pricing.js';
export * from './domains/battery.js';
export * from './domains/cabinet.js';
export * from './domains/command.js';
export * from './domains/common-setting.js';
export * from './domains/currency.js';
export * from './domains/dashboard.js';
export * from './domains/device-credential.js';
export * from './domains/device-log.js';
export * from './domains/device-type.js';
export * from './domains/distribution.js';
export * from './domains/file.js';
export * from './domains/menu.js';
export * from './domains/merchant.js';
export * from './domains/choices.js';
export * from './domains/notification.js';
export * from './domains/alarm.js';
export * from './domains/firmware.js';
export * from './domains/sign-up.js';
export * from './domains/customer.js';
export * from './domains/product-order.js';
export * from './domains/device-order.js';
export * from './domains/swap-order.js';
export * from './domains/product-package.js';
export * from './domains/price-setting.js';
export * from './domains/role.js';
export * from './domains/session.js';
export * from './domains/profile.js';
export * from './domains/mail.js';
export * from './domains/sso-refusal.js';
export * from './domains/station.js';
export * from './domains/stock.js';
export * from './domains/swap.js';
export * from './domains/telemetry.js';
export * from './domains/top-up.js';
export * from './domains/external-system.js';
export * from './domains/vehicle.js';
export * from './domains/wallet.js';
export * from './domains/payment.js';
export * from './domains/order-kind.js';
export * from './domains/wallet-order.js';

/**
 * Labels of the fields each domain brought to the product, declared in its domain file (see
 * FIELD_LABELS). A name two domains share must carry the same words in both (catalogue.test.ts):
 * the labels are one table, and a second entry would silently replace the first everywhere.
 */
export const DOMAIN_FIELD_LABEL_SETS: readonly FieldLabels[] = [
  notificationFieldLabels,
  basePriceFieldLabels,
  applicationFieldLabels,
  distributionFieldLabels,
  productPackageFieldLabels,
  topUpFieldLabels,
  externalSystemFieldLabels,
  priceSettingFieldLabels,
  customerFieldLabels,
  productOrderFieldLabels,
  walletFieldLabels,
  walletOrderFieldLabels,
  deviceOrderFieldLabels,
  deviceLogFieldLabels,
  swapOrderFieldLabels,
  alarmFieldLabels,
  firmwareFieldLabels,
  signUpFieldLabels,
  cabinetFieldLabels,
  profileFieldLabels,
  ssoRefusalFieldLabels,
];

export const DOMAIN_FIELD_LABELS: FieldLabels = Object.assign({}, ...DOMAIN_FIELD_LABEL_SETS) as FieldLabels;

/**
 * The object types audit entries are written about (the audit log's object filter), each with the
 * plain changes its screens make: each is the action `<prefix>.<verb>` (add, edit, remove), the
 * prefix being the object type unless PREFIX (audit-actions.ts) names another. A new domain adds its
 * object here,
 * in one line, with its verbs and its name in the four languages: the audit log and its export word
 * the object with it (catalogue keys `auditLog.objectType.<object>`, see auditObjectNames).
 */
export const AUDITED = {
  session: audited([], { en: 'Session', in: 'Sesi', th: 'เซสชัน', zh: '会话' }),
  account: audited(ADD_EDIT, { en: 'Account', in: 'Akun', th: 'บัญชี', zh: '账号' }),
  merchant: audited(ADD_EDIT_REMOVE, { en: 'Merchant', in: 'Merchant', th: 'ผู้ค้า', zh: '商户' }),
  role: audited(ADD_EDIT_REMOVE, { en: 'Role', in: 'Peran', th: 'บทบาท', zh: '角色' }),
  menu: audited(ADD_EDIT_REMOVE, { en: 'Menu', in: 'Menu', th: 'เมนู', zh: '菜单' }),
  resource: audited(ADD_EDIT_REMOVE, { en: 'Resource', in: 'Sumber daya', th: 'ทรัพยากร', zh: '资源' }),
  file: audited([], { en: 'File', in: 'Berkas', th: 'ไฟล์', zh: '文件' }),
  common_setting: audited(ADD_EDIT_REMOVE, { en: 'Common setting', in: 'Pengaturan umum', th: 'การตั้งค่าทั่วไป', zh: '通用设置' }),
  currency_config: audited(['edit'], { en: 'Currency', in: 'Mata uang', th: 'สกุลเงิน', zh: '币种' }),
  notification: audited(ADD_EDIT_REMOVE, { en: 'Notification', in: 'Notifikasi', th: 'การแจ้งเตือน', zh: '通知' }),
  area: audited(ADD_EDIT_REMOVE, { en: 'Area', in: 'Wilayah', th: 'พื้นที่', zh: '区域' }),
  station: audited(ADD_EDIT_REMOVE, { en: 'Station', in: 'Stasiun', th: 'สถานี', zh: '站点' }),
  appointment: audited(['add'], { en: 'Reservation', in: 'Reservasi', th: 'การจอง', zh: '预约' }),
  vehicle: audited(ADD_EDIT, { en: 'Vehicle', in: 'Kendaraan', th: 'ยานพาหนะ', zh: '车辆' }),
  battery: audited(ADD_EDIT, { en: 'Battery', in: 'Baterai', th: 'แบตเตอรี่', zh: '电池' }),
  cabinet: audited(ADD_EDIT, { en: 'Cabinet', in: 'Kabinet', th: 'ตู้', zh: '换电柜' }),
  vehicleType: audited(ADD_EDIT_REMOVE, { en: 'Vehicle type', in: 'Tipe kendaraan', th: 'ประเภทยานพาหนะ', zh: '车辆类型' }),
  batteryType: audited(ADD_EDIT_REMOVE, { en: 'Battery type', in: 'Tipe baterai', th: 'ประเภทแบตเตอรี่', zh: '电池类型' }),
  cabinetType: audited(ADD_EDIT_REMOVE, { en: 'Cabinet type', in: 'Tipe kabinet', th: 'ประเภทตู้', zh: '换电柜类型' }),
  basePrice: audited(ADD_EDIT_REMOVE, { en: 'Base price', in: 'Harga dasar', th: 'ราคาพื้นฐาน', zh: '基础价格' }),
  productPackage: audited(ADD_EDIT_REMOVE, { en: 'Product', in: 'Produk', th: 'ผลิตภัณฑ์', zh: '产品' }),
  stockBatch: audited([], { en: 'Stock batch', in: 'Batch stok', th: 'ชุดสินค้าคงคลัง', zh: '库存批次' }),
  application: audited(['add'], { en: 'Asset application', in: 'Pengajuan aset', th: 'คำร้องเกี่ยวกับทรัพย์สิน', zh: '资产申请' }),
  topUp: audited(['add'], { en: 'Top-up', in: 'Isi ulang', th: 'การเติมเงิน', zh: '充值' }),
  externalSystem: audited(ADD_EDIT_REMOVE, { en: 'External system', in: 'Sistem eksternal', th: 'ระบบภายนอก', zh: '外部系统' }),
  batteryPrice: audited(ADD_EDIT_REMOVE, { en: 'Battery price', in: 'Harga baterai', th: 'ราคาแบตเตอรี่', zh: '电池价格' }),
  consumerPrice: audited(ADD_EDIT_REMOVE, { en: 'Consumer price', in: 'Harga konsumen', th: 'ราคาผู้บริโภค', zh: '消费者价格' }),
  packagePrice: audited(ADD_EDIT_REMOVE, { en: 'Package price', in: 'Harga paket', th: 'ราคาแพ็กเกจ', zh: '套餐价格' }),
  rechargeSetting: audited(ADD_EDIT_REMOVE, { en: 'Top-up offer', in: 'Penawaran isi ulang', th: 'ข้อเสนอการเติมเงิน', zh: '充值优惠' }),
  customer: audited(ADD_EDIT_REMOVE, { en: 'Customer', in: 'Pelanggan', th: 'ลูกค้า', zh: '客户' }),
  identity: audited([], { en: 'Identity submission', in: 'Pengajuan identitas', th: 'คำขอยืนยันตัวตน', zh: '身份认证提交' }),
  productOrder: audited(['add'], { en: 'Product order', in: 'Pesanan produk', th: 'คำสั่งซื้อผลิตภัณฑ์', zh: '产品订单' }),
  // An adjustment by staff edits a wallet (the wallet bill's movement is the object named).
  wallet: audited(['edit'], { en: 'Wallet', in: 'Dompet', th: 'กระเป๋าเงิน', zh: '钱包' }),
  vehicleOrder: audited(['add'], { en: 'Vehicle order', in: 'Pesanan kendaraan', th: 'คำสั่งซื้อยานพาหนะ', zh: '车辆订单' }),
  batteryOrder: audited(['add'], { en: 'Battery order', in: 'Pesanan baterai', th: 'คำสั่งซื้อแบตเตอรี่', zh: '电池订单' }),
  transferOrder: audited([], { en: 'Transfer order', in: 'Pesanan penukaran', th: 'คำสั่งซื้อการสลับ', zh: '换电订单' }),
  kwhOrder: audited([], { en: 'Energy order', in: 'Pesanan energi', th: 'คำสั่งซื้อพลังงาน', zh: '电量订单' }),
  walletSetting: audited(ADD_EDIT_REMOVE, { en: 'Wallet set', in: 'Pengaturan dompet', th: 'การตั้งค่ากระเป๋าเงิน', zh: '钱包设置' }),
  rechargeOrder: audited(['add'], { en: 'Recharge order', in: 'Pesanan isi ulang', th: 'คำสั่งเติมเงิน', zh: '充值订单' }),
  packageOrder: audited(['add'], { en: 'Package order', in: 'Pesanan paket', th: 'คำสั่งซื้อแพ็กเกจ', zh: '套餐订单' }),
  // A payment request or a gateway's report; the object named is the order's number.
  payment: audited([], { en: 'Payment', in: 'Pembayaran', th: 'การชำระเงิน', zh: '支付' }),
  alarmLevel: audited(['edit'], { en: 'Alarm level', in: 'Tingkat alarm', th: 'ระดับการแจ้งเตือน', zh: '告警级别' }),
  alarmRule: audited(ADD_EDIT_REMOVE, { en: 'Alarm rule', in: 'Aturan alarm', th: 'กฎการแจ้งเตือน', zh: '告警规则' }),
  businessAlarmRule: audited(ADD_EDIT_REMOVE, {
    en: 'Business alarm rule',
    in: 'Aturan alarm bisnis',
    th: 'กฎการแจ้งเตือนธุรกิจ',
    zh: '业务告警规则',
  }),
  alarm: audited([], { en: 'Alarm', in: 'Alarm', th: 'การแจ้งเตือน', zh: '告警' }),
  firmware: audited(ADD_EDIT_REMOVE, { en: 'Firmware', in: 'Firmware', th: 'เฟิร์มแวร์', zh: '固件' }),
  merchantApplication: audited(['add'], { en: 'Merchant application', in: 'Pengajuan merchant', th: 'คำขอเป็นผู้ค้า', zh: '商户入驻申请' }),
  upgradeTask: audited(['add'], { en: 'Upgrade task', in: 'Tugas pembaruan', th: 'งานอัปเกรด', zh: '升级任务' }),
} as const;

/**
 * Every declared endpoint, grouped by resource. The server refuses to start when one of them has
 * no handler or a handler serves an endpoint missing here.
 */
export const API = {
  session: sessionApi,
  merchant: merchantApi,
  account: accountApi,
  profile: profileApi,
  mail: mailApi,
  ssoRefusal: ssoRefusalApi,
  role: roleApi,
  currency: currencyApi,
  commonSetting: commonSettingApi,
  auditLog: auditLogApi,
  menu: menuApi,
  resource: resourceApi,
  vehicleStock: stockApi.vehicle,
  batteryStock: stockApi.battery,
  cabinetStock: stockApi.cabinet,
  swap: swapApi,
  appointment: appointmentApi,
  command: commandApi,
  file: fileApi,
  vehicleType: deviceTypeApi.vehicle,
  batteryType: deviceTypeApi.battery,
  cabinetType: deviceTypeApi.cabinet,
  battery: batteryApi,
  vehicle: vehicleApi,
  cabinet: cabinetApi,
  vehicleCredential: deviceCredentialApi.vehicle,
  batteryCredential: deviceCredentialApi.battery,
  cabinetCredential: deviceCredentialApi.cabinet,
  vehicleTelemetry: telemetryApi.vehicle,
  batteryTelemetry: telemetryApi.battery,
  cabinetTelemetry: telemetryApi.cabinet,
  deviceLog: deviceLogApi,
  notification: notificationApi,
  firmware: firmwareApi,
  signUp: signUpApi,
  merchantApplication: merchantApplicationApi,
  area: areaApi,
  integratedStation: stationApi.INTEGRATED,
  swapStation: stationApi.SWAP,
  cabinetLive: liveApi.cabinet,
  batteryLive: liveApi.battery,
  stationCabinetsLive: liveApi.stationCabinets,
  basePrice: basePriceApi,
  pricing: pricingApi,
  application: applicationApi,
  vehicleDistribution: distributionApi.vehicle,
  batteryDistribution: distributionApi.battery,
  cabinetDistribution: distributionApi.cabinet,
  productPackage: productPackageApi,
  topUp: topUpApi,
  externalSystem: externalSystemApi,
  batteryPrice: priceSettingApi.battery,
  consumerPrice: priceSettingApi.consumer,
  packagePrice: priceSettingApi.package,
  rechargeSetting: priceSettingApi.rechargeSetting,
  customer: customerApi,
  identity: identityApi,
  productOrder: productOrderApi,
  wallet: walletApi,
  vehicleOrder: deviceOrderApi.vehicle,
  batteryOrder: deviceOrderApi.battery,
  transferOrder: swapOrderApi.transfer,
  kwhOrder: swapOrderApi.kwh,
  walletSetting: walletSettingApi,
  rechargeOrder: walletOrderApi.recharge,
  packageOrder: walletOrderApi.package,
  choices: choicesApi,
  payment: paymentApi,
  alarm: {
    levels: alarmApi.levels,
    levelChoices: alarmApi.levelChoices,
    editLevel: alarmApi.editLevel,
    summary: alarmApi.summary,
    live: alarmApi.live,
  },
  alarmRule: alarmApi.rules,
  businessAlarmRule: alarmApi.businessRules,
  alarmRecord: alarmApi.records,
  batteryAlarm: alarmApi.battery,
  cabinetAlarm: alarmApi.cabinet,
  vehicleAlarm: alarmApi.vehicle,
  dashboard: dashboardApi,
  businessAlarm: alarmApi.business,
} as const;

export const ALL_ENDPOINTS = endpointsOf(API);
