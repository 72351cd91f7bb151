import type { FeatureTexts } from '../../i18n/catalogue';

/** Base prices (vehicle prices): list, add and edit form, in every language (docs/web-kits.md, "Texts"). */
export const texts = {
  en: {
    'basePrice.add': 'Add price',
    'basePrice.editTitle': 'Edit price',
    'basePrice.confirmRemove': 'Remove this price? Orders in its city will no longer find it.',
    'basePrice.anyBikeHelp': 'Any Bike holds for every vehicle type, with operation type LEASE only',
  },
  in: {
    'basePrice.add': 'Tambah harga',
    'basePrice.editTitle': 'Ubah harga',
    'basePrice.confirmRemove': 'Hapus harga ini? Pesanan di kotanya tidak akan menemukannya lagi.',
    'basePrice.anyBikeHelp': 'Semua Motor berlaku untuk setiap tipe kendaraan, hanya dengan jenis operasi LEASE',
  },
  th: {
    'basePrice.add': 'เพิ่มราคา',
    'basePrice.editTitle': 'แก้ไขราคา',
    'basePrice.confirmRemove': 'ลบราคานี้หรือไม่ คำสั่งซื้อในเมืองนี้จะไม่พบราคานี้อีก',
    'basePrice.anyBikeHelp': 'รถทุกคันใช้กับยานพาหนะทุกประเภท เฉพาะประเภทการดำเนินงาน LEASE',
  },
  zh: {
    'basePrice.add': '新增价格',
    'basePrice.editTitle': '编辑价格',
    'basePrice.confirmRemove': '删除此价格？其所在城市的订单将无法再找到它。',
    'basePrice.anyBikeHelp': '任意车型适用于所有车辆类型，仅限运营类型 LEASE',
  },
} satisfies FeatureTexts;
