import type { FeatureTexts } from '../../i18n/catalogue';

/** Vehicle, battery and cabinet types: list and form. */
export const texts = {
  en: {
    'deviceType.add': 'Add type',
    'deviceType.addTitle': 'Add type',
    'deviceType.editTitle': 'Edit type {name}',
    'deviceType.code': 'Type code',
    'deviceType.name': 'Name',
    'deviceType.description': 'Description',
    'deviceType.confirmRemove': 'Delete this type? A type in use cannot be deleted.',
  },
  in: {
    'deviceType.add': 'Tambah tipe',
    'deviceType.addTitle': 'Tambah tipe',
    'deviceType.editTitle': 'Ubah tipe {name}',
    'deviceType.code': 'Kode tipe',
    'deviceType.name': 'Nama',
    'deviceType.description': 'Deskripsi',
    'deviceType.confirmRemove': 'Hapus tipe ini? Tipe yang sedang digunakan tidak dapat dihapus.',
  },
  th: {
    'deviceType.add': 'เพิ่มประเภท',
    'deviceType.addTitle': 'เพิ่มประเภท',
    'deviceType.editTitle': 'แก้ไขประเภท {name}',
    'deviceType.code': 'รหัสประเภท',
    'deviceType.name': 'ชื่อ',
    'deviceType.description': 'คำอธิบาย',
    'deviceType.confirmRemove': 'ลบประเภทนี้หรือไม่ ประเภทที่กำลังใช้งานไม่สามารถลบได้',
  },
  zh: {
    'deviceType.add': '新增类型',
    'deviceType.addTitle': '新增类型',
    'deviceType.editTitle': '编辑类型 {name}',
    'deviceType.code': '类型编码',
    'deviceType.name': '名称',
    'deviceType.description': '描述',
    'deviceType.confirmRemove': '确定删除该类型？使用中的类型不能删除。',
  },
} satisfies FeatureTexts;
