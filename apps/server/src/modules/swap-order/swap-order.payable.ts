import { swapOrderKind } from './swap-order.service.js';

/** How a transfer or energy order is paid (docs/orders.md, "Paying an order"): an unpaid order owes its amount. */
export const transferOrderPayable = swapOrderKind.payable('transfer', { menuCode: 'order.transfer' });
export const kwhOrderPayable = swapOrderKind.payable('kwh', { menuCode: 'order.kwh' });
