/** The web kit of the order kinds (docs/web-kits.md, "Order kinds"). */
export { OrderKindList, type OrderKindListProps } from './OrderKindList';
export { PlaceOrderButton, type PlaceOrderButtonProps } from './PlaceOrderButton';
export { amountColumn, orderMoney, useOrderKindOf, ORDER_ROUTES, ORDER_STATUS_MAP, type OrderListRecord } from './orderKind';
export { orderKindSteps, orderStepActions, orderStepRowActions, refundSteps, type OrderStep } from './orderSteps';
