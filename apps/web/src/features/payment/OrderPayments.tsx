import { lazy } from 'react';
import { LazyPart } from '../../shared/detail';
import type { OrderPaymentsProps } from './OrderPaymentsCard';

const Card = lazy(() => import('./OrderPaymentsCard'));

/** An order's payments card, loaded when an order's page shows it (docs/orders.md, "Paying an order"). */
export function OrderPayments(props: OrderPaymentsProps) {
  return (
    <LazyPart>
      <Card {...props} />
    </LazyPart>
  );
}
