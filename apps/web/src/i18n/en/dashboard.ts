/** Home dashboard. */
export const dashboard = {
  'dashboard.welcome': 'Welcome, {name}',
  'dashboard.centres': 'Your centres',
  'dashboard.open': 'Open {centre}',
  'dashboard.noScreens': 'No screen of this centre is available yet.',
  'dashboard.noCentres': 'No centre is granted to this account.',
  'dashboard.desc.product-center': 'Vehicles, batteries, cabinets, alarms, stock and types',
  'dashboard.desc.operation-center': 'Pricing, distribution, sites, applications and notifications',
  'dashboard.desc.order-center': 'Product, vehicle, battery, recharge and package orders, swap records',
  'dashboard.desc.user-center': 'Customers and identity audits',
  'dashboard.desc.system-center': 'Accounts, merchants, roles, menus, upgrades and settings',
  'dashboard.desc.statistics-center': 'Vehicle statistics',
};
