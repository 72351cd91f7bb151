/** Currency screen: current currency, edit form and example amount. */
export const currency = {
  'currency.current': 'Mata uang saat ini',
  'currency.updatedAt': 'Terakhir diubah',
  'currency.currency': 'Mata uang',
  'currency.example': 'Contoh jumlah',
  'currency.saved': 'Mata uang disimpan; jumlah kini memakainya',
  'currency.loadFailed': 'Mata uang tidak dapat dimuat.',
  'currency.name.IDR': 'Rupiah Indonesia',
  'currency.name.KES': 'Shilling Kenya',
  'currency.name.THB': 'Baht Thailand',
  'currency.name.MYR': 'Ringgit Malaysia',
  'currency.name.VND': 'Dong Vietnam',
  'currency.name.USD': 'Dolar AS',
};
