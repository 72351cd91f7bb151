import type { FeatureTexts } from '../../i18n/catalogue';

/** Price screens: products and packages, in every language (docs/web-kits.md, "Texts"). */
export const texts = {
  en: {
    'pricing.addProduct': 'Add product',
    'pricing.editProduct': 'Edit product',
    'pricing.confirmRemoveProduct': 'Remove this product? Customers can no longer choose it.',
    'pricing.amountHelp': 'Amounts are in the agent’s currency, with at most two decimals.',
    'pricing.timeLimitHelp': 'At most 365 days, 12 months or 1 year.',
  },
  in: {
    'pricing.addProduct': 'Tambah produk',
    'pricing.editProduct': 'Ubah produk',
    'pricing.confirmRemoveProduct': 'Hapus produk ini? Pelanggan tidak dapat memilihnya lagi.',
    'pricing.amountHelp': 'Jumlah dalam mata uang agen, maksimal dua angka desimal.',
    'pricing.timeLimitHelp': 'Maksimal 365 hari, 12 bulan atau 1 tahun.',
  },
  th: {
    'pricing.addProduct': 'เพิ่มผลิตภัณฑ์',
    'pricing.editProduct': 'แก้ไขผลิตภัณฑ์',
    'pricing.confirmRemoveProduct': 'ลบผลิตภัณฑ์นี้หรือไม่ ลูกค้าจะเลือกไม่ได้อีก',
    'pricing.amountHelp': 'จำนวนเงินเป็นสกุลเงินของตัวแทน ทศนิยมไม่เกินสองตำแหน่ง',
    'pricing.timeLimitHelp': 'ไม่เกิน 365 วัน 12 เดือน หรือ 1 ปี',
  },
  zh: {
    'pricing.addProduct': '新增产品',
    'pricing.editProduct': '编辑产品',
    'pricing.confirmRemoveProduct': '删除此产品？客户将无法再选择它。',
    'pricing.amountHelp': '金额以代理商的币种计，最多两位小数。',
    'pricing.timeLimitHelp': '最多 365 天、12 个月或 1 年。',
  },
} satisfies FeatureTexts;
