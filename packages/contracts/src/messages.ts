import type { Language } from './envelope.js';

/**
 * The server message catalogue of spec §8: every message has a stable numeric envelope code,
 * the HTTP status that tells its class, and its text in every language. Codes never change
 * once published (clients and operators' scripts rely on them); add new ones at the end of a range.
 *
 * Ranges: 4xx session, 1000 platform, 2000 accounts and permissions, 3000 devices and stock,
 * 4000 distribution and pricing, 5000 device link and commands.
 */
export interface CatalogueEntry {
  code: number;
  http: number;
  text: Record<Language, string>;
}

function m(code: number, http: number, en: string, id: string, th: string, zh: string): CatalogueEntry {
  return { code, http, text: { en, in: id, th, zh } };
}

export const MESSAGES = {
  success: m(1, 200, 'Success', 'Berhasil', 'สำเร็จ', '成功'),

  // Session-ending codes (spec §8: 401, 405, 406, 407 open the logout dialog).
  notLoggedIn: m(401, 401, 'Not logged in', 'Belum masuk', 'ยังไม่ได้เข้าสู่ระบบ', '未登录'),
  loginExpired: m(
    405,
    401,
    'Login expired, please login again',
    'Sesi login telah berakhir, silakan login kembali',
    'การเข้าสู่ระบบหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง',
    '登录已过期，请重新登录',
  ),
  illegalToken: m(406, 401, 'Illegal token', 'Token tidak sah', 'โทเค็นไม่ถูกต้อง', '非法令牌'),
  signatureFailed: m(407, 401, 'Signature failed', 'Verifikasi tanda tangan gagal', 'การตรวจสอบลายเซ็นล้มเหลว', '签名验证失败'),

  systemException: m(1000, 500, 'System exception', 'Terjadi kesalahan sistem', 'ระบบขัดข้อง', '系统异常'),
  interfaceMissing: m(1001, 404, 'Interface does not exist', 'Antarmuka tidak ditemukan', 'ไม่พบอินเทอร์เฟซ', '接口不存在'),
  illegalParameter: m(1002, 400, 'Illegal parameter', 'Parameter tidak sah', 'พารามิเตอร์ไม่ถูกต้อง', '参数不合法'),
  illegalEnumeration: m(1003, 400, 'Illegal enumeration value', 'Nilai enumerasi tidak sah', 'ค่าตัวเลือกไม่ถูกต้อง', '枚举值不合法'),
  sqlException: m(1004, 500, 'Database exception', 'Terjadi kesalahan basis data', 'ฐานข้อมูลขัดข้อง', '数据库异常'),
  jsonParseError: m(
    1005,
    400,
    'The request body is not valid JSON',
    'Isi permintaan bukan JSON yang valid',
    'เนื้อหาคำขอไม่ใช่ JSON ที่ถูกต้อง',
    '请求体不是有效的 JSON',
  ),
  enumerationParseError: m(
    1006,
    400,
    'Enumeration could not be parsed',
    'Enumerasi tidak dapat diurai',
    'ไม่สามารถแปลงค่าตัวเลือกได้',
    '枚举解析失败',
  ),
  unsupportedMethod: m(
    1007,
    405,
    'Unsupported request method',
    'Metode permintaan tidak didukung',
    'ไม่รองรับวิธีการร้องขอนี้',
    '不支持的请求方法',
  ),
  noFileUploaded: m(1008, 400, 'No file uploaded', 'Tidak ada berkas yang diunggah', 'ไม่มีไฟล์ที่อัปโหลด', '未上传文件'),
  httpException: m(1009, 502, 'HTTP exception', 'Terjadi kesalahan HTTP', 'HTTP ขัดข้อง', 'HTTP 异常'),
  paymentParseError: m(
    1010,
    502,
    'Payment result could not be parsed',
    'Hasil pembayaran tidak dapat diurai',
    'ไม่สามารถอ่านผลการชำระเงินได้',
    '支付结果解析失败',
  ),
  requestAborted: m(1011, 499, 'Request aborted', 'Permintaan dibatalkan', 'คำขอถูกยกเลิก', '请求已中止'),
  requestFailed: m(1012, 500, 'Request failed', 'Permintaan gagal', 'คำขอล้มเหลว', '请求失败'),
  unknownError: m(1013, 500, 'Unknown error', 'Kesalahan tidak diketahui', 'ข้อผิดพลาดที่ไม่ทราบสาเหตุ', '未知错误'),
  invalidInput: m(
    1014,
    400,
    'Invalid input: scripts are not allowed',
    'Masukan tidak valid: skrip tidak diizinkan',
    'ข้อมูลไม่ถูกต้อง: ไม่อนุญาตให้ใช้สคริปต์',
    '输入无效：不允许包含脚本',
  ),
  payloadTooLarge: m(1015, 413, 'The request is too large', 'Permintaan terlalu besar', 'คำขอมีขนาดใหญ่เกินไป', '请求过大'),
  tooManyAttempts: m(
    1016,
    429,
    'Too many attempts, please try again later',
    'Terlalu banyak percobaan, silakan coba lagi nanti',
    'พยายามหลายครั้งเกินไป กรุณาลองใหม่ภายหลัง',
    '尝试次数过多，请稍后再试',
  ),
  recordNotFound: m(1017, 404, 'Record does not exist', 'Data tidak ditemukan', 'ไม่พบข้อมูล', '记录不存在'),
  recordExists: m(1018, 409, 'Record already exists', 'Data sudah ada', 'มีข้อมูลนี้อยู่แล้ว', '记录已存在'),
  fileTypeNotAllowed: m(
    1019,
    400,
    'This file type is not allowed',
    'Jenis berkas tidak diizinkan',
    'ไม่อนุญาตไฟล์ประเภทนี้',
    '不允许的文件类型',
  ),
  serviceUnavailable: m(
    1020,
    503,
    'Service temporarily unavailable',
    'Layanan sementara tidak tersedia',
    'บริการไม่พร้อมใช้งานชั่วคราว',
    '服务暂不可用',
  ),
  fieldInvalid: m(1021, 400, 'Invalid value for {field}', 'Nilai {field} tidak valid', 'ค่าของ {field} ไม่ถูกต้อง', '{field} 的值无效'),

  accountMissing: m(2000, 404, 'Account does not exist', 'Akun tidak ditemukan', 'ไม่พบบัญชี', '账号不存在'),
  accountNotActivated: m(2001, 403, 'Account is not activated', 'Akun belum diaktifkan', 'บัญชียังไม่เปิดใช้งาน', '账号未激活'),
  wrongCredentials: m(
    2002,
    400,
    'Incorrect username or password',
    'Nama pengguna atau kata sandi salah',
    'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง',
    '用户名或密码错误',
  ),
  noAuthority: m(2003, 403, 'No authority', 'Tidak memiliki wewenang', 'ไม่มีสิทธิ์', '无权限'),
  noPermissionGranted: m(2004, 403, 'No permission has been granted', 'Belum ada izin yang diberikan', 'ยังไม่ได้รับสิทธิ์ใดๆ', '未授予任何权限'),
  subAccountNoPermission: m(
    2005,
    403,
    'This sub-account lacks the permission',
    'Sub-akun ini tidak memiliki izin',
    'บัญชีย่อยนี้ไม่มีสิทธิ์',
    '该子账号无此权限',
  ),
  userNameExists: m(2006, 409, 'User name already exists', 'Nama pengguna sudah ada', 'มีชื่อผู้ใช้นี้แล้ว', '用户名已存在'),
  platformMustChooseAgent: m(
    2007,
    400,
    'A platform admin must choose an agent',
    'Admin platform harus memilih agen',
    'ผู้ดูแลแพลตฟอร์มต้องเลือกตัวแทน',
    '平台管理员必须选择代理商',
  ),
  agentMissing: m(2008, 404, 'Agent does not exist', 'Agen tidak ditemukan', 'ไม่พบตัวแทน', '代理商不存在'),
  roleInUse: m(
    2009,
    409,
    'Role is in use and cannot be deleted',
    'Peran sedang digunakan dan tidak dapat dihapus',
    'บทบาทกำลังถูกใช้งาน ไม่สามารถลบได้',
    '角色正在使用，无法删除',
  ),
  resourceCodeExists: m(2010, 409, 'Resource code already exists', 'Kode sumber daya sudah ada', 'มีรหัสทรัพยากรนี้แล้ว', '资源编码已存在'),
  resourceNotFound: m(2011, 404, 'Resource does not exist', 'Sumber daya tidak ditemukan', 'ไม่พบทรัพยากร', '资源不存在'),
  socialLoginIncomplete: m(
    2012,
    400,
    'Social login parameters are incomplete',
    'Parameter login sosial tidak lengkap',
    'พารามิเตอร์การเข้าสู่ระบบผ่านโซเชียลไม่ครบ',
    '社交登录参数不完整',
  ),
  identifierFetchFailed: m(2013, 502, 'Failed to fetch the identifier', 'Gagal mengambil pengenal', 'ดึงรหัสระบุตัวตนไม่สำเร็จ', '获取标识失败'),
  weakPassword: m(
    2014,
    400,
    'Password must be 8 to 64 characters and mix letters and digits',
    'Kata sandi harus 8 sampai 64 karakter dan berisi huruf serta angka',
    'รหัสผ่านต้องมี 8 ถึง 64 ตัวอักษร และมีทั้งตัวอักษรและตัวเลข',
    '密码须为 8 到 64 位，并同时包含字母和数字',
  ),
  accountDisabled: m(2015, 403, 'Account is disabled', 'Akun dinonaktifkan', 'บัญชีถูกปิดใช้งาน', '账号已停用'),
  menuHasChildren: m(
    2016,
    409,
    'Menu has sub-menus and cannot be deleted',
    'Menu memiliki sub-menu dan tidak dapat dihapus',
    'เมนูมีเมนูย่อย ไม่สามารถลบได้',
    '菜单存在子菜单，无法删除',
  ),
  menuCodeExists: m(2017, 409, 'Menu code already exists', 'Kode menu sudah ada', 'มีรหัสเมนูนี้แล้ว', '菜单编码已存在'),
  cannotGrantUnheld: m(
    2018,
    403,
    'You cannot grant a permission you do not hold',
    'Anda tidak dapat memberikan izin yang tidak Anda miliki',
    'คุณไม่สามารถมอบสิทธิ์ที่คุณไม่มีได้',
    '不能授予自己未拥有的权限',
  ),
  cannotChangeSelf: m(
    2019,
    400,
    'You cannot disable or delete your own account',
    'Anda tidak dapat menonaktifkan atau menghapus akun Anda sendiri',
    'คุณไม่สามารถปิดใช้งานหรือลบบัญชีของตนเองได้',
    '不能停用或删除自己的账号',
  ),
  merchantInUse: m(
    2020,
    409,
    'Merchant still has accounts and cannot be deleted',
    'Merchant masih memiliki akun dan tidak dapat dihapus',
    'ผู้ค้ายังมีบัญชีอยู่ ไม่สามารถลบได้',
    '商户下仍有账号，无法删除',
  ),
  settingNameExists: m(2021, 409, 'Setting name already exists', 'Nama pengaturan sudah ada', 'มีชื่อการตั้งค่านี้แล้ว', '设置名称已存在'),

  typeMissing: m(3000, 404, 'Type does not exist', 'Tipe tidak ditemukan', 'ไม่พบประเภท', '类型不存在'),
  typeExists: m(3001, 409, 'Type already exists', 'Tipe sudah ada', 'มีประเภทนี้แล้ว', '类型已存在'),
  vehicleExists: m(3002, 409, 'Vehicle already exists', 'Kendaraan sudah ada', 'มียานพาหนะนี้แล้ว', '车辆已存在'),
  vehicleMissing: m(3003, 404, 'Vehicle does not exist', 'Kendaraan tidak ditemukan', 'ไม่พบยานพาหนะ', '车辆不存在'),
  batteryExists: m(3004, 409, 'Battery already exists', 'Baterai sudah ada', 'มีแบตเตอรี่นี้แล้ว', '电池已存在'),
  batteryMissing: m(3005, 404, 'Battery does not exist', 'Baterai tidak ditemukan', 'ไม่พบแบตเตอรี่', '电池不存在'),
  cabinetExists: m(3006, 409, 'Cabinet already exists', 'Kabinet sudah ada', 'มีตู้นี้แล้ว', '换电柜已存在'),
  cabinetMissing: m(3007, 404, 'Cabinet does not exist', 'Kabinet tidak ditemukan', 'ไม่พบตู้', '换电柜不存在'),
  repeatOutOfStock: m(3008, 409, 'Already out of stock', 'Sudah keluar dari stok', 'ออกจากคลังแล้ว', '重复出库'),
  typeInUse: m(
    3009,
    409,
    'Type is in use and cannot be deleted',
    'Tipe sedang digunakan dan tidak dapat dihapus',
    'ประเภทนี้กำลังถูกใช้งาน ไม่สามารถลบได้',
    '类型正在使用，无法删除',
  ),
  deviceScrapped: m(3010, 409, 'The device is scrapped', 'Perangkat sudah dibuang (scrap)', 'อุปกรณ์ถูกปลดระวางแล้ว', '设备已报废'),
  batteryCountExceeded: m(
    3011,
    400,
    'The number of batteries cannot exceed the vehicle compartment setup',
    'Jumlah baterai tidak boleh melebihi jumlah kompartemen kendaraan',
    'จำนวนแบตเตอรี่ต้องไม่เกินจำนวนช่องของยานพาหนะ',
    '电池数量不能超过车辆电池仓配置',
  ),
  repeatInStock: m(3012, 409, 'Already in stock', 'Sudah ada di stok', 'อยู่ในคลังแล้ว', '重复入库'),
  vehicleNotForSale: m(
    3013,
    409,
    'The vehicle is not for sale (rent only or neither)',
    'Kendaraan tidak untuk dijual (hanya sewa atau tidak keduanya)',
    'ยานพาหนะนี้ไม่ได้มีไว้ขาย (เช่าเท่านั้นหรือไม่ทั้งสองอย่าง)',
    '该车辆不可销售（仅租赁或不可租售）',
  ),

  illegalDistribution: m(4000, 400, 'Illegal distribution', 'Distribusi tidak sah', 'การจัดสรรไม่ถูกต้อง', '非法分配'),
  priceNotConfigured: m(4001, 400, 'Price is not configured', 'Harga belum dikonfigurasi', 'ยังไม่ได้ตั้งราคา', '未配置价格'),
  assignmentNotAllowed: m(4002, 403, 'Assignment is not allowed', 'Penugasan tidak diizinkan', 'ไม่อนุญาตให้มอบหมาย', '不允许分配'),
  repeatedAllocation: m(4003, 409, 'Repeated allocation', 'Alokasi berulang', 'จัดสรรซ้ำ', '重复分配'),
  priceSettingExists: m(4004, 409, 'Price setting already exists', 'Pengaturan harga sudah ada', 'มีการตั้งราคานี้แล้ว', '价格设置已存在'),
  unauthorizedDistribution: m(4005, 403, 'Unauthorized distribution', 'Distribusi tanpa izin', 'การจัดสรรที่ไม่ได้รับอนุญาต', '未授权的分配'),
  onlySwapStations: m(
    4006,
    400,
    'Can only assign to swap stations',
    'Hanya dapat ditugaskan ke stasiun tukar',
    'มอบหมายได้เฉพาะสถานีสลับแบตเตอรี่',
    '只能分配给换电站',
  ),
  onlyIntegratedStations: m(
    4007,
    400,
    'Can only assign to integrated stations',
    'Hanya dapat ditugaskan ke stasiun terpadu',
    'มอบหมายได้เฉพาะสถานีรวม',
    '只能分配给综合站',
  ),
  onlyOneCabinet: m(
    4008,
    400,
    'Only one cabinet can be allocated',
    'Hanya satu kabinet yang dapat dialokasikan',
    'จัดสรรได้เพียงหนึ่งตู้',
    '只能分配一个换电柜',
  ),
  noPriceInCity: m(4009, 400, 'No price is set in this city', 'Belum ada harga di kota ini', 'ยังไม่ได้ตั้งราคาในเมืองนี้', '该城市未设置价格'),
  cabinetNotRegistered: m(4010, 404, 'Cabinet is not registered', 'Kabinet belum terdaftar', 'ตู้ยังไม่ได้ลงทะเบียน', '换电柜未注册'),

  doorFailure: m(5000, 502, 'Door failure', 'Pintu bermasalah', 'ประตูขัดข้อง', '柜门故障'),
  openDoorFailure: m(5001, 502, 'Failed to open the door', 'Gagal membuka pintu', 'เปิดประตูไม่สำเร็จ', '开门失败'),
  readDoorStatusFailure: m(
    5002,
    502,
    'Failed to read the door status',
    'Gagal membaca status pintu',
    'อ่านสถานะประตูไม่สำเร็จ',
    '读取门状态失败',
  ),
  batteryAlreadyBound: m(5003, 409, 'Battery is already bound', 'Baterai sudah terikat', 'แบตเตอรี่ถูกผูกไว้แล้ว', '电池已绑定'),
  batteryDetectFailure: m(5004, 502, 'Battery detection failed', 'Deteksi baterai gagal', 'ตรวจจับแบตเตอรี่ไม่สำเร็จ', '电池检测失败'),
  batteryFaultOrMissing: m(
    5005,
    502,
    'Battery is faulty or missing',
    'Baterai rusak atau tidak ada',
    'แบตเตอรี่ขัดข้องหรือไม่มีแบตเตอรี่',
    '电池故障或缺失',
  ),
  readBatteryIdFailure: m(
    5006,
    502,
    'Failed to read the battery ID',
    'Gagal membaca ID baterai',
    'อ่านรหัสแบตเตอรี่ไม่สำเร็จ',
    '读取电池 ID 失败',
  ),
  setIdFailure: m(5007, 502, 'Failed to set the ID', 'Gagal mengatur ID', 'ตั้งค่ารหัสไม่สำเร็จ', '设置 ID 失败'),
  setBmsStateFailure: m(
    5008,
    502,
    'Failed to set the BMS state',
    'Gagal mengatur status BMS',
    'ตั้งค่าสถานะ BMS ไม่สำเร็จ',
    '设置 BMS 状态失败',
  ),
  queryStatusFailure: m(5009, 502, 'Failed to query the status', 'Gagal meminta status', 'สอบถามสถานะไม่สำเร็จ', '查询状态失败'),
  setTakeawayFailure: m(5010, 502, 'Failed to set takeaway', 'Gagal mengatur pengambilan', 'ตั้งค่าการนำออกไม่สำเร็จ', '设置取出失败'),
  inPlaceMismatch: m(
    5011,
    502,
    'In-place detection does not match',
    'Deteksi keberadaan tidak cocok',
    'การตรวจจับตำแหน่งไม่ตรงกัน',
    '在位检测不一致',
  ),
  sendingFailed: m(5012, 502, 'Sending failed', 'Pengiriman gagal', 'ส่งไม่สำเร็จ', '发送失败'),
  cabinetOffline: m(5013, 409, 'Cabinet is offline', 'Kabinet sedang offline', 'ตู้ออฟไลน์', '换电柜离线'),
  restartTriggered: m(5014, 200, 'Restart triggered', 'Mulai ulang dipicu', 'สั่งรีสตาร์ทแล้ว', '已触发重启'),
  restartFailed: m(5015, 502, 'Failed to trigger the restart', 'Gagal memicu mulai ulang', 'สั่งรีสตาร์ทไม่สำเร็จ', '触发重启失败'),
  unbindFailed: m(5016, 502, 'Unbind failed', 'Gagal melepas ikatan', 'ยกเลิกการผูกไม่สำเร็จ', '解绑失败'),
  compartmentInitFailed: m(
    5017,
    502,
    'Cabinet compartment initialization failed',
    'Inisialisasi kompartemen kabinet gagal',
    'เริ่มต้นช่องของตู้ไม่สำเร็จ',
    '柜格初始化失败',
  ),
  chooseCabinetBeforeUpgrade: m(
    5018,
    400,
    'Choose a cabinet before upgrade',
    'Pilih kabinet sebelum pembaruan',
    'กรุณาเลือกตู้ก่อนอัปเกรด',
    '升级前请先选择换电柜',
  ),
  commandTimeout: m(
    5019,
    504,
    'The device did not answer in time',
    'Perangkat tidak menjawab tepat waktu',
    'อุปกรณ์ไม่ตอบกลับภายในเวลาที่กำหนด',
    '设备未及时响应',
  ),
  commandOutstanding: m(
    5020,
    409,
    'Another command is still running on this cabinet',
    'Perintah lain masih berjalan di kabinet ini',
    'ยังมีคำสั่งอื่นกำลังทำงานบนตู้นี้',
    '该换电柜仍有命令在执行',
  ),
} as const satisfies Record<string, CatalogueEntry>;

export type MessageKey = keyof typeof MESSAGES;

/** Text of a catalogue message in a language, with `{name}` placeholders filled. */
export function messageText(key: MessageKey, lang: Language, params?: Record<string, string | number>): string {
  let text: string = MESSAGES[key].text[lang];
  if (params) {
    for (const [name, value] of Object.entries(params)) text = text.replaceAll(`{${name}}`, String(value));
  }
  return text;
}

export function messageByCode(code: number): MessageKey | undefined {
  return (Object.keys(MESSAGES) as MessageKey[]).find((key) => MESSAGES[key].code === code);
}
