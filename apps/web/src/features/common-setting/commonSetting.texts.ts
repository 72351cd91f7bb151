import type { FeatureTexts } from '../../i18n/catalogue';

/** Common settings screen. */
export const texts = {
  en: {
    'commonSetting.add': 'Add setting',
    'commonSetting.addTitle': 'Add setting',
    'commonSetting.editTitle': 'Edit setting',
    'commonSetting.keyword': 'Name, value or description',
    'commonSetting.name': 'Name',
    'commonSetting.value': 'Value',
    'commonSetting.description': 'Description',
    'commonSetting.remark': 'Remark',
    'commonSetting.updatedAt': 'Updated',
  },
  in: {
    'commonSetting.add': 'Tambah pengaturan',
    'commonSetting.addTitle': 'Tambah pengaturan',
    'commonSetting.editTitle': 'Ubah pengaturan',
    'commonSetting.keyword': 'Nama, nilai atau deskripsi',
    'commonSetting.name': 'Nama',
    'commonSetting.value': 'Nilai',
    'commonSetting.description': 'Deskripsi',
    'commonSetting.remark': 'Catatan',
    'commonSetting.updatedAt': 'Diperbarui',
  },
  th: {
    'commonSetting.add': 'เพิ่มการตั้งค่า',
    'commonSetting.addTitle': 'เพิ่มการตั้งค่า',
    'commonSetting.editTitle': 'แก้ไขการตั้งค่า',
    'commonSetting.keyword': 'ชื่อ ค่า หรือคำอธิบาย',
    'commonSetting.name': 'ชื่อ',
    'commonSetting.value': 'ค่า',
    'commonSetting.description': 'คำอธิบาย',
    'commonSetting.remark': 'หมายเหตุ',
    'commonSetting.updatedAt': 'อัปเดตเมื่อ',
  },
  zh: {
    'commonSetting.add': '新增设置',
    'commonSetting.addTitle': '新增设置',
    'commonSetting.editTitle': '编辑设置',
    'commonSetting.keyword': '名称、值或描述',
    'commonSetting.name': '名称',
    'commonSetting.value': '值',
    'commonSetting.description': '描述',
    'commonSetting.remark': '备注',
    'commonSetting.updatedAt': '更新时间',
  },
} satisfies FeatureTexts;
