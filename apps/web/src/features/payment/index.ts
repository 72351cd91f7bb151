export { OrderPayments } from './OrderPayments';
