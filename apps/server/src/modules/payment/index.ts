export { payableKindOf, payableKinds, registerPayableKind, type OrderPaymentMark, type PayableKind, type PayableOrder } from './payable.js';
