import type { FeatureTexts } from '../../i18n/catalogue';

/** Top-up records: list and the recharge form (docs/web-kits.md, "Texts"). */
export const texts = {
  en: {
    'topUp.offerOption': '{paid} + {gift} gifted · {type} · {city}',
    'topUp.offerHelp': 'One of the agent’s enabled top-up offers: it fills the amounts and the marketing type.',
    'topUp.add': 'Top up a wallet',
    'topUp.addHelp': 'The customer’s balance grows by the paid plus the gifted amount.',
  },
  in: {
    'topUp.offerOption': '{paid} + bonus {gift} · {type} · {city}',
    'topUp.offerHelp': 'Salah satu penawaran isi ulang aktif milik agen: mengisi jumlah dan jenis pemasaran.',
    'topUp.add': 'Isi ulang dompet',
    'topUp.addHelp': 'Saldo pelanggan bertambah sebesar jumlah dibayar ditambah bonus.',
  },
  th: {
    'topUp.offerOption': '{paid} + แถม {gift} · {type} · {city}',
    'topUp.offerHelp': 'ข้อเสนอการเติมเงินที่เปิดใช้งานของตัวแทน: กรอกจำนวนเงินและประเภทการตลาดให้',
    'topUp.add': 'เติมเงินเข้ากระเป๋า',
    'topUp.addHelp': 'ยอดคงเหลือของลูกค้าเพิ่มขึ้นเท่ากับจำนวนที่ชำระรวมกับจำนวนที่แถม',
  },
  zh: {
    'topUp.offerOption': '{paid} + 赠送 {gift} · {type} · {city}',
    'topUp.offerHelp': '代理商已启用的充值优惠之一：自动填入金额与营销类型。',
    'topUp.add': '钱包充值',
    'topUp.addHelp': '客户余额增加实付金额与赠送金额之和。',
  },
} satisfies FeatureTexts;
