import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Wraps a named export for React.lazy, so every page is its own chunk. */
function page(load: () => Promise<ComponentType>): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: await load() }));
}

/**
 * Route path (exactly as in ROUTES of the contracts) → lazily loaded page.
 * Only these routes are registered in the router and only their menu items appear in the sidebar.
 * A feature adds one line here: `'/system/role/list': page(() => import('../features/role/RoleListPage').then((m) => m.RoleListPage)),`
 */
export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  '/system/admin/list': page(() => import('../features/account/AccountListPage').then((m) => m.AccountListPage)),
  '/system/merchant/list': page(() => import('../features/merchant/MerchantListPage').then((m) => m.MerchantListPage)),
  '/system/merchant/detail/:id': page(() => import('../features/merchant/MerchantDetailPage').then((m) => m.MerchantDetailPage)),
  '/system/role/list': page(() => import('../features/role/RoleListPage').then((m) => m.RoleListPage)),
  '/system/menu/index': page(() => import('../features/menu/MenuIndexPage').then((m) => m.MenuIndexPage)),
  '/system/common/setting': page(() => import('../features/common-setting/CommonSettingPage').then((m) => m.CommonSettingPage)),
  '/system/international/currency': page(() => import('../features/currency/CurrencyPage').then((m) => m.CurrencyPage)),
  '/system/audit-log': page(() => import('../features/audit-log/AuditLogPage').then((m) => m.AuditLogPage)),
  '/product/vehicle-type/list': page(() => import('../features/device-type/TypeListPage').then((m) => m.VehicleTypeListPage)),
  '/product/battery-type/list': page(() => import('../features/device-type/TypeListPage').then((m) => m.BatteryTypeListPage)),
  '/product/cabinet-type/list': page(() => import('../features/device-type/TypeListPage').then((m) => m.CabinetTypeListPage)),
  '/product/battery/list': page(() => import('../features/battery/BatteryListPage').then((m) => m.BatteryListPage)),
  '/product/battery/detail/:id': page(() => import('../features/battery/BatteryDetailPage').then((m) => m.BatteryDetailPage)),
  '/product/cabinet/list': page(() => import('../features/cabinet/CabinetListPage').then((m) => m.CabinetListPage)),
  '/product/cabinet/detail/:id': page(() => import('../features/cabinet/CabinetDetailPage').then((m) => m.CabinetDetailPage)),
  '/business/transfer/list': page(() => import('../features/swap/SwapListPage').then((m) => m.SwapListPage)),
  '/business/transfer/detail/:id': page(() => import('../features/swap/SwapDetailPage').then((m) => m.SwapDetailPage)),
  '/business/appointment/list': page(() => import('../features/swap/AppointmentListPage').then((m) => m.AppointmentListPage)),
  '/business/appointment/detail/:id': page(() => import('../features/swap/AppointmentDetailPage').then((m) => m.AppointmentDetailPage)),
  '/product/vehicle/list': page(() => import('../features/vehicle/VehicleListPage').then((m) => m.VehicleListPage)),
  '/product/vehicle/detail/:id': page(() => import('../features/vehicle/VehicleDetailPage').then((m) => m.VehicleDetailPage)),
  '/product/vehicle/trajectory/:id': page(() => import('../features/telemetry/TrajectoryPage').then((m) => m.VehicleTrajectoryPage)),
  '/product/battery/trajectory/:id': page(() => import('../features/telemetry/TrajectoryPage').then((m) => m.BatteryTrajectoryPage)),
  '/product/vehicle-inventory/list': page(() => import('../features/stock/StockListPage').then((m) => m.StockListPage)),
  '/product/vehicle-inventory/record': page(() => import('../features/stock/StockRecordPage').then((m) => m.StockRecordPage)),
  '/product/vehicle-inventory/record/detail': page(() =>
    import('../features/stock/StockRecordDetailPage').then((m) => m.StockRecordDetailPage),
  ),
  '/product/battery-inventory/list': page(() => import('../features/stock/StockListPage').then((m) => m.StockListPage)),
  '/product/battery-inventory/record': page(() => import('../features/stock/StockRecordPage').then((m) => m.StockRecordPage)),
  '/product/battery-inventory/record/detail': page(() =>
    import('../features/stock/StockRecordDetailPage').then((m) => m.StockRecordDetailPage),
  ),
  '/product/cabinet-inventory/list': page(() => import('../features/stock/StockListPage').then((m) => m.StockListPage)),
  '/product/cabinet-inventory/record': page(() => import('../features/stock/StockRecordPage').then((m) => m.StockRecordPage)),
  '/product/cabinet-inventory/record/detail': page(() =>
    import('../features/stock/StockRecordDetailPage').then((m) => m.StockRecordDetailPage),
  ),
  '/site/store-list': page(() => import('../features/station/StationListPage').then((m) => m.IntegratedStationListPage)),
  '/site/store-add': page(() => import('../features/station/StationListPage').then((m) => m.IntegratedStationListPage)),
  '/site/store-edit/:id': page(() => import('../features/station/StationListPage').then((m) => m.IntegratedStationListPage)),
  '/site/store-detail/:id': page(() => import('../features/station/StationDetailPage').then((m) => m.IntegratedStationDetailPage)),
  '/site/cabinet-list': page(() => import('../features/station/StationListPage').then((m) => m.SwapStationListPage)),
  '/site/cabinet-add': page(() => import('../features/station/StationListPage').then((m) => m.SwapStationListPage)),
  '/site/cabinet-edit/:id': page(() => import('../features/station/StationListPage').then((m) => m.SwapStationListPage)),
  '/site/cabinet-detail/:id': page(() => import('../features/station/StationDetailPage').then((m) => m.SwapStationDetailPage)),
  '/system/area/list': page(() => import('../features/area/AreaListPage').then((m) => m.AreaListPage)),
  '/operation/noti/notificati': page(() => import('../features/notification/NotificationListPage').then((m) => m.NotificationListPage)),
  '/dashboard': page(() => import('../features/dashboard/DashboardPage').then((m) => m.DashboardPage)),
};

export function hasPage(path: string): boolean {
  return Object.hasOwn(PAGES, path);
}
