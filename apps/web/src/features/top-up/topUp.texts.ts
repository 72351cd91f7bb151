import type { FeatureTexts } from '../../i18n/catalogue';

/** Top-up records: list and the recharge form (docs/web-kits.md, "Texts"). */
export const texts = {
  en: { 'topUp.add': 'Top up a wallet', 'topUp.addHelp': 'The customer’s balance grows by the paid plus the gifted amount.' },
  in: { 'topUp.add': 'Isi ulang dompet', 'topUp.addHelp': 'Saldo pelanggan bertambah sebesar jumlah dibayar ditambah bonus.' },
  th: { 'topUp.add': 'เติมเงินเข้ากระเป๋า', 'topUp.addHelp': 'ยอดคงเหลือของลูกค้าเพิ่มขึ้นเท่ากับจำนวนที่ชำระรวมกับจำนวนที่แถม' },
  zh: { 'topUp.add': '钱包充值', 'topUp.addHelp': '客户余额增加实付金额与赠送金额之和。' },
} satisfies FeatureTexts;
