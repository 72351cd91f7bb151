/**
 * The route table of the web app and the permission codes, in one place.
 * It drives the web router (which page, which code guards it), the sidebar, and the server's
 * menu seed (centres → menu groups → menu items → resources). Paths keep the spec's spelling.
 */

export const CENTRES = ['product-center', 'operation-center', 'order-center', 'user-center', 'system-center', 'statistics-center'] as const;
export type CentreCode = (typeof CENTRES)[number];

/** Id parameter patterns: letters/digits/_/- unless stated; user ids digits; order types upper. */
export const ID_PATTERNS = {
  word: '^[A-Za-z0-9_-]+$',
  digits: '^[0-9]+$',
  upper: '^[A-Z_]+$',
} as const;
export type IdPatternName = keyof typeof ID_PATTERNS;

export type ResourceType = 'BUTTON' | 'LINK';

export interface ResourceDef {
  code: string;
  name: string;
  type: ResourceType;
}

export interface MenuItemDef {
  /** Permission code of the item; holding it shows the item and opens its routes. */
  code: string;
  name: string;
  titleKey: string;
  /** The path the menu links to. */
  url: string;
  iconfont?: string;
  resources: ResourceDef[];
  /** A grant that opens pages reached from elsewhere (no sidebar entry of its own). */
  hidden?: boolean;
}

export interface MenuGroupDef {
  code: string;
  name: string;
  titleKey: string;
  iconfont: string;
  items: MenuItemDef[];
}

export interface CentreDef {
  code: CentreCode;
  name: string;
  titleKey: string;
  iconfont: string;
  groups: MenuGroupDef[];
}

/** Standard actions a manageable screen offers; each is a resource code `<item>.<action>`. */
export const STANDARD_ACTIONS = ['add', 'edit', 'remove', 'export'] as const;
export type StandardAction = (typeof STANDARD_ACTIONS)[number];

export function actionCode(itemCode: string, action: string): string {
  return `${itemCode}.${action}`;
}

function crud(itemCode: string, extra: ResourceDef[] = [], actions: readonly string[] = STANDARD_ACTIONS): ResourceDef[] {
  return [
    ...actions.map((action) => ({
      code: actionCode(itemCode, action),
      name: action[0]!.toUpperCase() + action.slice(1),
      type: 'BUTTON' as const,
    })),
    ...extra,
  ];
}

const link = (code: string, name: string): ResourceDef => ({ code, name, type: 'LINK' });
const button = (code: string, name: string): ResourceDef => ({ code, name, type: 'BUTTON' });

function item(code: string, name: string, url: string, resources: ResourceDef[] = []): MenuItemDef {
  return { code, name, titleKey: `nav.${code}`, url, resources };
}

function group(code: string, name: string, iconfont: string, items: MenuItemDef[]): MenuGroupDef {
  return { code, name, titleKey: `nav.${code}`, iconfont, items };
}

export const MENU_TREE: CentreDef[] = [
  {
    code: 'product-center',
    name: 'Product centre',
    titleKey: 'nav.product-center',
    iconfont: 'AppstoreOutlined',
    groups: [
      group('product', 'Products', 'ThunderboltOutlined', [
        item(
          'operation.vehicle',
          'Vehicles',
          '/product/vehicle/list',
          crud('operation.vehicle', [
            link('operation.vehicle.detail', 'Vehicle detail'),
            button('operation.vehicle.credential', 'Issue device secret'),
          ]),
        ),
        item(
          'operation.battery',
          'Batteries',
          '/product/battery/list',
          crud('operation.battery', [
            link('operation.battery.latestInfos', 'Battery latest info'),
            button('operation.battery.credential', 'Issue device secret'),
          ]),
        ),
        item(
          'operation.cabinet',
          'Cabinets',
          '/product/cabinet/list',
          crud('operation.cabinet', [
            link('operation.cabinet.latestInfos', 'Cabinet latest info'),
            button('operation.cabinet.command', 'Remote command'),
            button('operation.cabinet.credential', 'Issue device secret'),
          ]),
        ),
      ]),
      group('alarm', 'Alarms', 'AlertOutlined', [
        item('alarm.battery', 'Battery alarms', '/product/device/battery/list', crud('alarm.battery', [], ['edit', 'export'])),
        item('alarm.cabinet', 'Cabinet alarms', '/product/device/cabinet/list', crud('alarm.cabinet', [], ['edit', 'export'])),
        item('alarm.records', 'Alarm records', '/product/device/alarmRecord/list', crud('alarm.records', [], ['edit', 'export'])),
        // The code exists, but vehicle alarms have no screen of their own (they show on the vehicle).
        { ...item('alarm.vehicle', 'Vehicle alarms', '', crud('alarm.vehicle', [], ['edit', 'export'])), hidden: true },
      ]),
      group('stock', 'Stock', 'InboxOutlined', [
        item('stock.vehicle', 'Vehicle stock', '/product/vehicle-inventory/list', crud('stock.vehicle')),
        item('stock.battery', 'Battery stock', '/product/battery-inventory/list', crud('stock.battery')),
        item('stock.cabinet', 'Cabinet stock', '/product/cabinet-inventory/list', crud('stock.cabinet')),
      ]),
      group('type', 'Types', 'TagsOutlined', [
        item('type.vehicle', 'Vehicle types', '/product/vehicle-type/list', crud('type.vehicle')),
        item('type.battery', 'Battery types', '/product/battery-type/list', crud('type.battery')),
        item('type.cabinet', 'Cabinet types', '/product/cabinet-type/list', crud('type.cabinet')),
      ]),
    ],
  },
  {
    code: 'operation-center',
    name: 'Operation centre',
    titleKey: 'nav.operation-center',
    iconfont: 'ControlOutlined',
    groups: [
      group('price', 'Pricing', 'DollarOutlined', [
        item('price.vehicle', 'Vehicle prices', '/basic-pricing/vehicle-price', crud('price.vehicle')),
        item('price.product', 'Product prices', '/basic-pricing/product-price', crud('price.product')),
        item(
          'price.rechargeRecord',
          'Top-up records',
          '/basic-pricing/reahargeOperateRecord',
          crud('price.rechargeRecord', [], ['add', 'export']),
        ),
        item('price.battery', 'Battery prices', '/basic-pricing/battery-price', crud('price.battery')),
        item('price.consumer', 'Consumer prices', '/basic-pricing/consumer-price', crud('price.consumer')),
        item('price.package', 'Package prices', '/basic-pricing/package-price', crud('price.package')),
        item('price.rechargeSetting', 'Top-up offers', '/basic-pricing/recharge-setting', crud('price.rechargeSetting')),
      ]),
      group('allocation', 'Distribution', 'ApartmentOutlined', [
        item('allocation.vehicle', 'Vehicle distribution', '/distribution/vehicle', crud('allocation.vehicle')),
        item('allocation.battery', 'Battery distribution', '/distribution/battery', crud('allocation.battery')),
        item('allocation.cabinet', 'Cabinet distribution', '/distribution/cabinet', crud('allocation.cabinet')),
        item('allocation.externalSystem', 'External systems', '/distribution/external-system', crud('allocation.externalSystem')),
      ]),
      group('site', 'Sites', 'EnvironmentOutlined', [
        item('site.store', 'Integrated stations', '/site/store-list', crud('site.store')),
        item('site.cabinet', 'Swap stations', '/site/cabinet-list', crud('site.cabinet')),
      ]),
      group('application', 'Applications', 'AuditOutlined', [
        item(
          'application.list',
          'Asset applications',
          '/operation-center/application/list',
          crud('application.list', [button('application.list.handle', 'Handle')], ['add', 'export']),
        ),
      ]),
      group('message', 'Messages', 'NotificationOutlined', [
        item('message.updateMessage', 'Notifications', '/operation/noti/notificati', crud('message.updateMessage')),
      ]),
    ],
  },
  {
    code: 'order-center',
    name: 'Order centre',
    titleKey: 'nav.order-center',
    iconfont: 'ProfileOutlined',
    groups: [
      group('order', 'Orders', 'ShoppingOutlined', [
        item(
          'order.product',
          'Product orders',
          '/order/product/list',
          crud(
            'order.product',
            [
              button('order.product.terminate', 'Terminate'),
              button('order.product.switchPlan', 'Switch plan'),
              button('order.product.bindVehicle', 'Bind vehicle'),
              button('order.product.retry', 'Retry'),
              button('order.product.pay', 'Request payment'),
            ],
            ['add', 'export'],
          ),
        ),
        item(
          'order.vehicle',
          'Vehicle orders',
          '/order/vehicle/list',
          crud(
            'order.vehicle',
            [
              button('order.vehicle.handOver', 'Hand over'),
              button('order.vehicle.cancel', 'Cancel'),
              button('order.vehicle.pay', 'Request payment'),
              button('order.vehicle.refund', 'Refund'),
            ],
            ['add', 'export'],
          ),
        ),
        item(
          'order.battery',
          'Battery orders',
          '/order/battery/list',
          crud(
            'order.battery',
            [
              button('order.battery.handOver', 'Hand over'),
              button('order.battery.cancel', 'Cancel'),
              button('order.battery.pay', 'Request payment'),
              button('order.battery.refund', 'Refund'),
            ],
            ['add', 'export'],
          ),
        ),
        item(
          'order.wallet',
          'Recharge orders',
          '/order/recharge/list',
          crud(
            'order.wallet',
            [
              button('order.wallet.pay', 'Request payment'),
              button('order.wallet.markPaid', 'Mark paid'),
              button('order.wallet.complete', 'Complete'),
              button('order.wallet.cancel', 'Cancel'),
              button('order.wallet.refund', 'Refund'),
            ],
            ['add', 'export'],
          ),
        ),
        item('order.wallet.set', 'Wallet set', '/order/wallet/set', crud('order.wallet.set')),
        item(
          'order.wallet.bill',
          'Wallet bill',
          '/order/wallet/bill',
          crud('order.wallet.bill', [button('order.wallet.bill.adjust', 'Adjust')], ['export']),
        ),
        item(
          'order.combo',
          'Package orders',
          '/order/package/list',
          crud(
            'order.combo',
            [
              button('order.combo.pay', 'Request payment'),
              button('order.combo.markPaid', 'Mark paid'),
              button('order.combo.payFromWallet', 'Pay from wallet'),
              button('order.combo.cancel', 'Cancel'),
              button('order.combo.refund', 'Refund'),
            ],
            ['add', 'export'],
          ),
        ),
        item(
          'order.transfer',
          'Transfer orders',
          '/order/transfer/list',
          crud(
            'order.transfer',
            [
              button('order.transfer.pay', 'Request payment'),
              button('order.transfer.walletPay', 'Collect from wallet'),
              button('order.transfer.cancel', 'Cancel'),
              button('order.transfer.refund', 'Refund to wallet'),
            ],
            ['export'],
          ),
        ),
        item(
          'order.kwh',
          'Energy orders',
          '/order/kwh/list',
          crud(
            'order.kwh',
            [
              button('order.kwh.pay', 'Request payment'),
              button('order.kwh.walletPay', 'Collect from wallet'),
              button('order.kwh.cancel', 'Cancel'),
              button('order.kwh.refund', 'Refund to wallet'),
            ],
            ['export'],
          ),
        ),
      ]),
      group('record', 'Records', 'HistoryOutlined', [
        item('record.swap', 'Swap records', '/business/transfer/list', crud('record.swap', [], ['export'])),
        item(
          'record.appointment',
          'Reservations',
          '/business/appointment/list',
          crud('record.appointment', [button('record.appointment.cancel', 'Cancel')], ['add', 'export']),
        ),
      ]),
    ],
  },
  {
    code: 'user-center',
    name: 'User centre',
    titleKey: 'nav.user-center',
    iconfont: 'TeamOutlined',
    groups: [
      group('customer', 'Customers', 'UserOutlined', [
        item(
          'customer.list',
          'Customers',
          '/user/list',
          crud('customer.list', [button('customer.list.restrict', 'Restrict')], ['add', 'edit', 'remove', 'export']),
        ),
        item(
          'customer.authentication',
          'Identity audits',
          '/user/auditList',
          crud('customer.authentication', [button('customer.authentication.audit', 'Audit')], ['export']),
        ),
      ]),
    ],
  },
  {
    code: 'system-center',
    name: 'System centre',
    titleKey: 'nav.system-center',
    iconfont: 'SettingOutlined',
    groups: [
      group('admin', 'Administration', 'SafetyOutlined', [
        item(
          'admin.admin',
          'Accounts',
          '/system/admin/list',
          crud('admin.admin', [
            button('admin.admin.status', 'Enable or disable'),
            button('admin.admin.resetPassword', 'Reset password'),
            button('admin.admin.assignRoles', 'Assign roles'),
          ]),
        ),
        item(
          'admin.merchant',
          'Merchants',
          '/system/merchant/list',
          crud('admin.merchant', [link('admin.merchant.detail', 'Merchant detail')]),
        ),
        item('admin.merchantApplication', 'Merchant applications', '/system/merchant-application/list', [
          button('admin.merchantApplication.approve', 'Approve'),
          button('admin.merchantApplication.reject', 'Reject'),
        ]),
        item('admin.role', 'Roles', '/system/role/list', crud('admin.role', [button('admin.role.grant', 'Grant menus')])),
        item(
          'admin.resource',
          'Menus and resources',
          '/system/menu/index',
          crud('admin.resource', [button('admin.resource.import', 'Import')]),
        ),
        item('admin.area', 'Areas', '/system/area/list', crud('admin.area')),
        item('admin.commonSetting', 'Common settings', '/system/common/setting', crud('admin.commonSetting')),
        item('admin.auditLog', 'Audit log', '/system/audit-log', crud('admin.auditLog', [], ['export'])),
        item('admin.mailOutbox', 'Mail outbox', '/system/mail/outbox'),
        item(
          'admin.ssoRefusal',
          'Refused single sign-ons',
          '/system/sso-refusal/list',
          crud('admin.ssoRefusal', [button('admin.ssoRefusal.link', 'Link to account')], ['export']),
        ),
      ]),
      group('updrade', 'Upgrades', 'CloudUploadOutlined', [
        item(
          'updrade.record',
          'Upgrade records',
          '/updrade/record',
          crud('updrade.record', [button('updrade.record.retry', 'Retry'), button('updrade.record.stop', 'Stop')], ['export']),
        ),
        item('updrade.version', 'Versions', '/updrade/version', crud('updrade.version')),
        item(
          'updrade.firmware',
          'Firmware',
          '/updrade/firmware',
          crud('updrade.firmware', [button('updrade.firmware.upgrade', 'Upgrade')]),
        ),
      ]),
      group('alarmConfiguration', 'Alarm configuration', 'BellOutlined', [
        item('alarmConfiguration.device', 'Device alarms', '/system/alarm/device', crud('alarmConfiguration.device')),
        item('alarmConfiguration.business', 'Business alarms', '/system/alarm/business', crud('alarmConfiguration.business')),
        item('alarmConfiguration.level', 'Alarm levels', '/system/alarm/level', crud('alarmConfiguration.level')),
      ]),
      group('international', 'International', 'GlobalOutlined', [
        item(
          'system.international.currency',
          'Currency',
          '/system/international/currency',
          crud('system.international.currency', [], ['edit']),
        ),
      ]),
    ],
  },
  {
    code: 'statistics-center',
    name: 'Statistics centre',
    titleKey: 'nav.statistics-center',
    iconfont: 'BarChartOutlined',
    groups: [
      group('statistics', 'Statistics', 'LineChartOutlined', [item('statistics.vehicle', 'Vehicle statistics', '/statistics/vehicle')]),
      // The dashboard's cards (/dashboard): each code opens one card, so a role may get some (docs/dashboard.md).
      group('dashboard', 'Dashboard', 'DashboardOutlined', [
        { ...item('dashboard.figures', 'Dashboard figures', '/dashboard'), hidden: true },
        { ...item('dashboard.trends', 'Dashboard trends', '/dashboard'), hidden: true },
        { ...item('dashboard.ranking', 'Dashboard rankings', '/dashboard'), hidden: true },
      ]),
    ],
  },
];

/** A page route of the web app. `code` is the permission that opens it ('' = sign-in only). */
export interface RouteDef {
  path: string;
  titleKey: string;
  code: string;
  /**
   * The centre the route belongs to; the web loads a centre's route table with its first page. The
   * routes any signed-in account opens (the dashboard, one's profile) are the statistics centre's,
   * whose group the dashboard's cards are: its table is small, so the page opened first every
   * morning does not wait for the product centre's (docs/dashboard.md, "The page").
   */
  centre: CentreCode;
  /** The menu item (by code) whose group the sidebar highlights on this route. */
  menu?: string;
  params?: Record<string, IdPatternName>;
}

/** Routes that need no sign-in. */
export const PUBLIC_ROUTES = [
  '/',
  '/session/login',
  '/session/sign-up',
  '/session/lock-screen',
  '/session/forgot-password',
  '/session/reset-password',
  '/callback',
  '/error-page/500',
  '/error-page/401',
] as const;

/** The centre holding a menu group, item or resource code. */
function centreOf(code: string): CentreCode {
  for (const centre of MENU_TREE) {
    for (const g of centre.groups) {
      if (g.code === code) return centre.code;
      for (const i of g.items) if (i.code === code || i.resources.some((res) => res.code === code)) return centre.code;
    }
  }
  if (code === '') return 'statistics-center';
  throw new Error(`Route code ${code} is in no centre of the menu tree`);
}

const r = (path: string, code: string, titleKey: string, params?: Record<string, IdPatternName>, menu?: string): RouteDef => ({
  path,
  code,
  titleKey,
  centre: centreOf(menu ?? code),
  menu: menu ?? (code || undefined),
  ...(params ? { params } : {}),
});
const id = { id: 'word' } as const;

/** Every signed-in route with the code that guards it. */
export const ROUTES: RouteDef[] = [
  r('/dashboard', '', 'nav.dashboard'),
  // One's own account, from the user menu: every signed-in account.
  r('/profile', '', 'page.profile'),
  // Product centre
  r('/product/vehicle/list', 'operation.vehicle', 'nav.operation.vehicle'),
  r('/product/vehicle/detail/:id', 'operation.vehicle.detail', 'page.vehicleDetail', id, 'operation.vehicle'),
  r('/product/vehicle/trajectory/:id', 'operation.vehicle.detail', 'page.vehicleTrajectory', id, 'operation.vehicle'),
  r('/product/vehicle/dashboard/:id', 'statistics.vehicle', 'page.vehicleDashboard', id, 'operation.vehicle'),
  r('/statistics/vehicle', 'statistics.vehicle', 'nav.statistics.vehicle'),
  r('/product/battery/list', 'operation.battery', 'nav.operation.battery'),
  r('/product/battery/detail/:id', 'operation.battery.latestInfos', 'page.batteryDetail', id, 'operation.battery'),
  r('/product/battery/trajectory/:id', 'operation.battery.latestInfos', 'page.batteryTrajectory', id, 'operation.battery'),
  r('/product/cabinet/list', 'operation.cabinet', 'nav.operation.cabinet'),
  r('/product/cabinet/detail/:id', 'operation.cabinet.latestInfos', 'page.cabinetDetail', id, 'operation.cabinet'),
  r('/product/device/battery/list', 'alarm.battery', 'nav.alarm.battery'),
  r('/product/device/battery/detail', 'alarm.battery', 'page.batteryAlarmDetail'),
  r('/product/device/cabinet/list', 'alarm.cabinet', 'nav.alarm.cabinet'),
  r('/product/device/cabinet/detail', 'alarm.cabinet', 'page.cabinetAlarmDetail'),
  r('/product/device/alarmRecord/list', 'alarm.records', 'nav.alarm.records'),
  ...(['vehicle', 'battery', 'cabinet'] as const).flatMap((kind) => [
    r(`/product/${kind}-inventory/list`, `stock.${kind}`, `nav.stock.${kind}`),
    r(`/product/${kind}-inventory/record`, `stock.${kind}`, 'page.stockRecord'),
    r(`/product/${kind}-inventory/record/detail`, `stock.${kind}`, 'page.stockRecordDetail'),
  ]),
  r('/product/vehicle-type/list', 'type.vehicle', 'nav.type.vehicle'),
  r('/product/battery-type/list', 'type.battery', 'nav.type.battery'),
  r('/product/cabinet-type/list', 'type.cabinet', 'nav.type.cabinet'),
  // Operation centre
  r('/basic-pricing/vehicle-price', 'price.vehicle', 'nav.price.vehicle'),
  r('/basic-pricing/product-price', 'price.product', 'nav.price.product'),
  r('/basic-pricing/reahargeOperateRecord', 'price.rechargeRecord', 'nav.price.rechargeRecord'),
  r('/basic-pricing/battery-price', 'price.battery', 'nav.price.battery'),
  r('/basic-pricing/consumer-price', 'price.consumer', 'nav.price.consumer'),
  r('/basic-pricing/package-price', 'price.package', 'nav.price.package'),
  r('/basic-pricing/recharge-setting', 'price.rechargeSetting', 'nav.price.rechargeSetting'),
  r('/distribution/vehicle', 'allocation.vehicle', 'nav.allocation.vehicle'),
  r('/distribution/battery', 'allocation.battery', 'nav.allocation.battery'),
  r('/distribution/cabinet', 'allocation.cabinet', 'nav.allocation.cabinet'),
  r('/distribution/external-system', 'allocation.externalSystem', 'nav.allocation.externalSystem'),
  r('/distribution/external-system/detail/:id', 'allocation.externalSystem', 'page.externalSystemDetail', id),
  r('/operation/noti/notificati', 'message.updateMessage', 'nav.message.updateMessage'),
  r('/site/store-list', 'site.store', 'nav.site.store'),
  r('/site/store-add', 'site.store.add', 'page.storeAdd', undefined, 'site.store'),
  r('/site/store-edit/:id', 'site.store.edit', 'page.storeEdit', id, 'site.store'),
  r('/site/store-detail/:id', 'site.store', 'page.storeDetail', id),
  r('/site/cabinet-list', 'site.cabinet', 'nav.site.cabinet'),
  r('/site/cabinet-add', 'site.cabinet.add', 'page.stationAdd', undefined, 'site.cabinet'),
  r('/site/cabinet-edit/:id', 'site.cabinet.edit', 'page.stationEdit', id, 'site.cabinet'),
  r('/site/cabinet-detail/:id', 'site.cabinet', 'page.stationDetail', id),
  r('/operation-center/application/list', 'application.list', 'nav.application.list'),
  r('/operation-center/application/detail/:id', 'application.list', 'page.applicationDetail', id),
  // Order centre
  r('/order/product/list', 'order.product', 'nav.order.product'),
  r('/order/vehicle/list', 'order.vehicle', 'nav.order.vehicle'),
  r('/order/battery/list', 'order.battery', 'nav.order.battery'),
  r('/order/recharge/list', 'order.wallet', 'nav.order.wallet'),
  r('/order/wallet/bill', 'order.wallet.bill', 'nav.order.wallet.bill'),
  r('/order/wallet/set', 'order.wallet.set', 'nav.order.wallet.set'),
  r('/order/package/list', 'order.combo', 'nav.order.combo'),
  r('/order/transfer/list', 'order.transfer', 'nav.order.transfer'),
  r('/order/kwh/list', 'order.kwh', 'nav.order.kwh'),
  r('/order/product/detail/:id', 'order.product', 'page.productOrderDetail', id),
  r('/order/vehicle/detail/:id/:type', 'order.vehicle', 'page.vehicleOrderDetail', { id: 'word', type: 'upper' }),
  r('/order/battery/detail/:id/:type', 'order.battery', 'page.batteryOrderDetail', { id: 'word', type: 'upper' }),
  r('/order/recharge/detail/:id', 'order.wallet', 'page.rechargeOrderDetail', id),
  r('/order/package/detail/:id', 'order.combo', 'page.packageOrderDetail', id),
  r('/order/transfer/detail/:id', 'order.transfer', 'page.transferOrderDetail', id),
  r('/order/kwh/detail/:id', 'order.kwh', 'page.kwhOrderDetail', id),
  r('/business/transfer/list', 'record.swap', 'nav.record.swap'),
  r('/business/transfer/detail/:id', 'record.swap', 'page.swapDetail', id),
  r('/business/appointment/list', 'record.appointment', 'nav.record.appointment'),
  r('/business/appointment/detail/:id', 'record.appointment', 'page.appointmentDetail', id),
  // User centre
  r('/user/list', 'customer.list', 'nav.customer.list'),
  r('/user/detail/:id', 'customer.list', 'page.customerDetail', { id: 'digits' }),
  r('/user/auditList', 'customer.authentication', 'nav.customer.authentication'),
  // System centre
  r('/system/admin/list', 'admin.admin', 'nav.admin.admin'),
  r('/system/merchant/list', 'admin.merchant', 'nav.admin.merchant'),
  r('/system/merchant/detail/:id', 'admin.merchant.detail', 'page.merchantDetail', id, 'admin.merchant'),
  r('/system/merchant-application/list', 'admin.merchantApplication', 'nav.admin.merchantApplication'),
  r('/system/merchant-application/detail/:id', 'admin.merchantApplication', 'page.merchantApplicationDetail', id),
  r('/system/area/list', 'admin.area', 'nav.admin.area'),
  r('/system/common/setting', 'admin.commonSetting', 'nav.admin.commonSetting'),
  r('/system/role/list', 'admin.role', 'nav.admin.role'),
  r('/system/menu/index', 'admin.resource', 'nav.admin.resource'),
  r('/system/audit-log', 'admin.auditLog', 'nav.admin.auditLog'),
  r('/system/mail/outbox', 'admin.mailOutbox', 'nav.admin.mailOutbox'),
  r('/system/sso-refusal/list', 'admin.ssoRefusal', 'nav.admin.ssoRefusal'),
  r('/updrade/record', 'updrade.record', 'nav.updrade.record'),
  r('/updrade/version', 'updrade.version', 'nav.updrade.version'),
  r('/updrade/firmware', 'updrade.firmware', 'nav.updrade.firmware'),
  r('/system/alarm/device', 'alarmConfiguration.device', 'nav.alarmConfiguration.device'),
  r('/system/alarm/business', 'alarmConfiguration.business', 'nav.alarmConfiguration.business'),
  r('/system/alarm/level', 'alarmConfiguration.level', 'nav.alarmConfiguration.level'),
  r('/system/international/currency', 'system.international.currency', 'nav.system.international.currency'),
];

/** Every permission code the seed knows: centres, groups, items and their resources. */
export function allPermissionCodes(): string[] {
  const codes: string[] = [];
  for (const centre of MENU_TREE) {
    codes.push(centre.code);
    for (const g of centre.groups) {
      codes.push(g.code);
      for (const i of g.items) {
        codes.push(i.code, ...i.resources.map((res) => res.code));
      }
    }
  }
  return [...new Set(codes)];
}

/** Whether a route path (with `:param`s) matches a concrete location path, checking id patterns. */
export function matchRoute(route: Pick<RouteDef, 'path' | 'params'>, pathname: string): Record<string, string> | null {
  const want = route.path.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = decodeURIComponent(got[i]!);
    if (w.startsWith(':')) {
      const name = w.slice(1);
      const pattern = ID_PATTERNS[route.params?.[name] ?? 'word'];
      if (!new RegExp(pattern).test(g)) return null;
      params[name] = g;
    } else if (w !== g) return null;
  }
  return params;
}

export function findRoute(pathname: string): { route: RouteDef; params: Record<string, string> } | null {
  for (const route of ROUTES) {
    const params = matchRoute(route, pathname);
    if (params) return { route, params };
  }
  return null;
}
