/**
 * The device registry's entry (docs/architecture.md): the device list, forms, detail actions and
 * credentials card that the battery, cabinet, vehicle and stock screens build on.
 * Each kind's endpoints, field labels, status maps and base filters, which every device screen
 * uses, are in shared/devices.ts.
 */
export { DeviceCredentialCard } from './DeviceCredentialCard';
export { deviceDetailActions } from './deviceDetailActions';
export type { DeviceFormDrawerProps, DeviceFormSpec, FieldOptionsByName } from './DeviceFormDrawer';
export { DeviceListPage } from './DeviceListPage';
export { useOwnerOptions, useTypeOptions } from './useDeviceOptions';
