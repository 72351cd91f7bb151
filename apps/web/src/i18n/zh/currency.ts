/** Currency screen: current currency, edit form and example amount. */
export const currency = {
  'currency.current': '当前币种',
  'currency.updatedAt': '最后修改',
  'currency.currency': '币种',
  'currency.example': '金额示例',
  'currency.saved': '币种已保存，金额将按此显示',
  'currency.loadFailed': '币种加载失败。',
  'currency.name.IDR': '印尼盾',
  'currency.name.KES': '肯尼亚先令',
  'currency.name.THB': '泰铢',
  'currency.name.MYR': '马来西亚林吉特',
  'currency.name.VND': '越南盾',
  'currency.name.USD': '美元',
};
