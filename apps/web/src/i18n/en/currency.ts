/** Currency screen: current currency, edit form and example amount. */
export const currency = {
  'currency.current': 'Current currency',
  'currency.updatedAt': 'Last changed',
  'currency.currency': 'Currency',
  'currency.example': 'Example amount',
  'currency.saved': 'Currency saved; amounts now use it',
  'currency.loadFailed': 'The currency could not be loaded.',
  'currency.name.IDR': 'Indonesian rupiah',
  'currency.name.KES': 'Kenyan shilling',
  'currency.name.THB': 'Thai baht',
  'currency.name.MYR': 'Malaysian ringgit',
  'currency.name.VND': 'Vietnamese dong',
  'currency.name.USD': 'US dollar',
};
