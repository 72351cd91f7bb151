import type { FeatureTexts } from '../../i18n/catalogue';

/** Battery, consumer and package prices and top-up offers: their add and edit forms, in every language (docs/web-kits.md, "Texts"). */
export const texts = {
  en: {
    'priceSetting.add.battery': 'Add battery price',
    'priceSetting.add.consumer': 'Add consumer price',
    'priceSetting.add.package': 'Add package',
    'priceSetting.add.rechargeSetting': 'Add top-up offer',
    'priceSetting.edit.battery': 'Edit battery price',
    'priceSetting.edit.consumer': 'Edit consumer price',
    'priceSetting.edit.package': 'Edit package',
    'priceSetting.edit.rechargeSetting': 'Edit top-up offer',
    'priceSetting.confirmRemove': 'Remove this setting? Customers in its city will no longer be offered it.',
  },
  in: {
    'priceSetting.add.battery': 'Tambah harga baterai',
    'priceSetting.add.consumer': 'Tambah harga konsumen',
    'priceSetting.add.package': 'Tambah paket',
    'priceSetting.add.rechargeSetting': 'Tambah penawaran isi ulang',
    'priceSetting.edit.battery': 'Ubah harga baterai',
    'priceSetting.edit.consumer': 'Ubah harga konsumen',
    'priceSetting.edit.package': 'Ubah paket',
    'priceSetting.edit.rechargeSetting': 'Ubah penawaran isi ulang',
    'priceSetting.confirmRemove': 'Hapus pengaturan ini? Pelanggan di kotanya tidak akan ditawari lagi.',
  },
  th: {
    'priceSetting.add.battery': 'เพิ่มราคาแบตเตอรี่',
    'priceSetting.add.consumer': 'เพิ่มราคาผู้บริโภค',
    'priceSetting.add.package': 'เพิ่มแพ็กเกจ',
    'priceSetting.add.rechargeSetting': 'เพิ่มข้อเสนอการเติมเงิน',
    'priceSetting.edit.battery': 'แก้ไขราคาแบตเตอรี่',
    'priceSetting.edit.consumer': 'แก้ไขราคาผู้บริโภค',
    'priceSetting.edit.package': 'แก้ไขแพ็กเกจ',
    'priceSetting.edit.rechargeSetting': 'แก้ไขข้อเสนอการเติมเงิน',
    'priceSetting.confirmRemove': 'ลบการตั้งค่านี้หรือไม่ ลูกค้าในเมืองนี้จะไม่ได้รับข้อเสนอนี้อีก',
  },
  zh: {
    'priceSetting.add.battery': '新增电池价格',
    'priceSetting.add.consumer': '新增消费者价格',
    'priceSetting.add.package': '新增套餐',
    'priceSetting.add.rechargeSetting': '新增充值优惠',
    'priceSetting.edit.battery': '编辑电池价格',
    'priceSetting.edit.consumer': '编辑消费者价格',
    'priceSetting.edit.package': '编辑套餐',
    'priceSetting.edit.rechargeSetting': '编辑充值优惠',
    'priceSetting.confirmRemove': '删除此设置？其所在城市的客户将不再获得此项。',
  },
} satisfies FeatureTexts;
