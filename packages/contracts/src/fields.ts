import type { Language } from './envelope.js';

/**
 * Field labels in every language, shared by forms (labels) and the server (errors that name the field).
 * Keyed by the payload field name; add a field here when a schema gains one.
 */
export const FIELD_LABELS: Record<string, Record<Language, string>> = {
  username: { en: 'Username', in: 'Nama pengguna', th: 'ชื่อผู้ใช้', zh: '用户名' },
  password: { en: 'Password', in: 'Kata sandi', th: 'รหัสผ่าน', zh: '密码' },
  name: { en: 'Name', in: 'Nama', th: 'ชื่อ', zh: '名称' },
  phone: { en: 'Phone', in: 'Telepon', th: 'โทรศัพท์', zh: '电话' },
  type: { en: 'Type', in: 'Tipe', th: 'ประเภท', zh: '类型' },
  status: { en: 'Status', in: 'Status', th: 'สถานะ', zh: '状态' },
  merchantId: { en: 'Merchant', in: 'Merchant', th: 'ผู้ค้า', zh: '商户' },
  roleIds: { en: 'Roles', in: 'Peran', th: 'บทบาท', zh: '角色' },
  personInCharge: { en: 'Person in charge', in: 'Penanggung jawab', th: 'ผู้รับผิดชอบ', zh: '负责人' },
  contact: { en: 'Contact', in: 'Kontak', th: 'ผู้ติดต่อ', zh: '联系方式' },
  officeAddress: { en: 'Office address', in: 'Alamat kantor', th: 'ที่อยู่สำนักงาน', zh: '办公地址' },
  idCardFrontFileId: { en: 'ID card front', in: 'KTP depan', th: 'บัตรประชาชนด้านหน้า', zh: '身份证正面' },
  idCardBackFileId: { en: 'ID card back', in: 'KTP belakang', th: 'บัตรประชาชนด้านหลัง', zh: '身份证反面' },
  facePhotoFileId: { en: 'Face photo', in: 'Foto wajah', th: 'รูปถ่ายใบหน้า', zh: '人脸照片' },
  description: { en: 'Description', in: 'Deskripsi', th: 'คำอธิบาย', zh: '描述' },
  sort: { en: 'Sort', in: 'Urutan', th: 'ลำดับ', zh: '排序' },
  menuIds: { en: 'Menus', in: 'Menu', th: 'เมนู', zh: '菜单' },
  resourceIds: { en: 'Resources', in: 'Sumber daya', th: 'ทรัพยากร', zh: '资源' },
  parentId: { en: 'Parent menu', in: 'Menu induk', th: 'เมนูหลัก', zh: '上级菜单' },
  code: { en: 'Code', in: 'Kode', th: 'รหัส', zh: '编码' },
  url: { en: 'URL', in: 'URL', th: 'URL', zh: '地址' },
  iconfont: { en: 'Icon', in: 'Ikon', th: 'ไอคอน', zh: '图标' },
  value: { en: 'Value', in: 'Nilai', th: 'ค่า', zh: '值' },
  remark: { en: 'Remark', in: 'Catatan', th: 'หมายเหตุ', zh: '备注' },
  currency: { en: 'Currency', in: 'Mata uang', th: 'สกุลเงิน', zh: '币种' },
  keyword: { en: 'Keyword', in: 'Kata kunci', th: 'คำค้นหา', zh: '关键词' },
  current: { en: 'Page', in: 'Halaman', th: 'หน้า', zh: '页码' },
  size: { en: 'Page size', in: 'Ukuran halaman', th: 'จำนวนต่อหน้า', zh: '每页条数' },
  id: { en: 'ID', in: 'ID', th: 'ID', zh: 'ID' },
  action: { en: 'Action', in: 'Aksi', th: 'การกระทำ', zh: '操作' },
  objectType: { en: 'Object', in: 'Objek', th: 'ออบเจ็กต์', zh: '对象' },
  from: { en: 'From', in: 'Dari', th: 'ตั้งแต่', zh: '开始' },
  to: { en: 'To', in: 'Sampai', th: 'ถึง', zh: '结束' },
  menus: { en: 'Menus', in: 'Menu', th: 'เมนู', zh: '菜单' },
  resources: { en: 'Resources', in: 'Sumber daya', th: 'ทรัพยากร', zh: '资源' },
  version: { en: 'Version', in: 'Versi', th: 'เวอร์ชัน', zh: '版本' },
  parentCode: { en: 'Parent menu code', in: 'Kode menu induk', th: 'รหัสเมนูหลัก', zh: '上级菜单编码' },
  resourceCodes: { en: 'Resource codes', in: 'Kode sumber daya', th: 'รหัสทรัพยากร', zh: '资源编码' },
  at: { en: 'Time', in: 'Waktu', th: 'เวลา', zh: '时间' },
  requestTime: { en: 'Request time', in: 'Waktu permintaan', th: 'เวลาที่ร้องขอ', zh: '请求时间' },
  objectId: { en: 'Object ID', in: 'ID objek', th: 'ID ออบเจ็กต์', zh: '对象 ID' },
  changes: { en: 'Changes', in: 'Perubahan', th: 'การเปลี่ยนแปลง', zh: '变更内容' },
  ip: { en: 'IP address', in: 'Alamat IP', th: 'ที่อยู่ IP', zh: 'IP 地址' },
  success: { en: 'Succeeded', in: 'Berhasil', th: 'สำเร็จ', zh: '是否成功' },
  updatedAt: { en: 'Updated at', in: 'Diperbarui pada', th: 'อัปเดตเมื่อ', zh: '更新时间' },
  accountType: { en: 'Account type', in: 'Jenis akun', th: 'ประเภทบัญชี', zh: '账号类型' },
  file: { en: 'File', in: 'Berkas', th: 'ไฟล์', zh: '文件' },
  lastLoginAt: { en: 'Last login', in: 'Login terakhir', th: 'เข้าสู่ระบบล่าสุด', zh: '最后登录' },
  createdAt: { en: 'Created', in: 'Dibuat', th: 'สร้างเมื่อ', zh: '创建时间' },
  accountCount: { en: 'Accounts', in: 'Akun', th: 'บัญชี', zh: '账号数' },
};

export function fieldLabel(field: string, lang: Language): string {
  const top = field.split('.')[0] ?? field;
  return FIELD_LABELS[top]?.[lang] ?? field;
}
