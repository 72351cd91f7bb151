import { deviceOrderKind } from './device-order.service.js';

/** How a vehicle or battery order is paid (docs/orders.md, "Paying an order"): an unpaid order owes its total amount. */
export const vehicleOrderPayable = deviceOrderKind.payable('vehicle', { menuCode: 'order.vehicle' });
export const batteryOrderPayable = deviceOrderKind.payable('battery', { menuCode: 'order.battery' });
