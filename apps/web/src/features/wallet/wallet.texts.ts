import type { FeatureTexts } from '../../i18n/catalogue';

/** Wallet bill: the movements list and the adjustment form (docs/web-kits.md, "Texts"). */
export const texts = {
  en: {
    'wallet.adjust': 'Adjust a wallet',
    'wallet.adjustTitle': 'Adjust a customer’s wallet',
    'wallet.amountHelp': 'Signed: 25.00 adds to the balance, -25.00 takes from it. The balance never goes below 0.',
    'wallet.adjusted': 'Wallet adjusted',
  },
  in: {
    'wallet.adjust': 'Sesuaikan dompet',
    'wallet.adjustTitle': 'Sesuaikan dompet pelanggan',
    'wallet.amountHelp': 'Bertanda: 25.00 menambah saldo, -25.00 menguranginya. Saldo tidak pernah di bawah 0.',
    'wallet.adjusted': 'Dompet disesuaikan',
  },
  th: {
    'wallet.adjust': 'ปรับยอดกระเป๋าเงิน',
    'wallet.adjustTitle': 'ปรับยอดกระเป๋าเงินของลูกค้า',
    'wallet.amountHelp': 'ใส่เครื่องหมาย: 25.00 เพิ่มยอด -25.00 หักยอด ยอดคงเหลือต้องไม่ต่ำกว่า 0',
    'wallet.adjusted': 'ปรับยอดกระเป๋าเงินแล้ว',
  },
  zh: {
    'wallet.adjust': '调整钱包',
    'wallet.adjustTitle': '调整客户钱包',
    'wallet.amountHelp': '带符号：25.00 增加余额，-25.00 扣减余额。余额不会低于 0。',
    'wallet.adjusted': '钱包已调整',
  },
} satisfies FeatureTexts;
