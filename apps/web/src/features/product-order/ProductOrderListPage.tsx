import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CURRENCY_DECIMALS, productOrderApi, type ProductOrderRecord } from '@swap/contracts';
import { ListPage } from '../../shared/table';
import { fieldKey } from '../../shared/devices';
import { formatAmount } from '../../shared/format';
import { isPlatformUser } from '../../shared/session';
import { orderStepRowActions } from '../order-kind';
import { CODE, CUSTOMER_STATUS_MAP, ORDER_ROUTES, PRODUCT_ORDER_STEPS, SEARCH_FIELDS, STATUS_MAP } from './productOrderModel';

const PlaceOrderForm = lazy(() => import('./ProductOrderForms').then((m) => ({ default: m.PlaceOrderForm })));
const SwitchPlanForm = lazy(() => import('./ProductOrderForms').then((m) => ({ default: m.SwitchPlanForm })));
const BindVehicleForm = lazy(() => import('./ProductOrderForms').then((m) => ({ default: m.BindVehicleForm })));

/**
 * Order centre → Product orders: each customer's sign-up for a product, its cycles, what it owes and
 * the vehicle bound to it; terminate, switch plan, bind vehicle and retry (docs/orders.md).
 * @route /order/product/list
 */
export function ProductOrderListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [placing, setPlacing] = useState(false);
  const [switching, setSwitching] = useState<ProductOrderRecord | null>(null);
  const [binding, setBinding] = useState<ProductOrderRecord | null>(null);
  return (
    <ListPage
      titleKey="nav.order.product"
      add={{ code: `${CODE}.add`, labelKey: 'productOrder.place', onClick: () => setPlacing(true) }}
      endpoints={productOrderApi}
      scrollX={1900}
      defaultSort={{ field: 'createdAt', order: 'descend' }}
      searchFields={SEARCH_FIELDS}
      columns={[
        {
          key: 'orderNo',
          titleKey: fieldKey('orderNo'),
          sortable: true,
          width: 190,
          render: (r) => <Link to={ORDER_ROUTES.detail(r.id)}>{r.orderNo}</Link>,
        },
        {
          key: 'customerNumber',
          titleKey: fieldKey('customerNumber'),
          width: 130,
          render: (r) => <Link to={ORDER_ROUTES.customer(r.customerId)}>{r.customerNumber}</Link>,
        },
        { key: 'customerName', titleKey: fieldKey('customerName'), width: 160 },
        { key: 'productName', titleKey: fieldKey('productName'), width: 170 },
        { key: 'source', titleKey: fieldKey('source'), width: 120, render: (r) => t(`productOrder.source.${r.source}`) },
        { key: 'status', titleKey: fieldKey('orderStatus'), kind: 'status', statusMap: STATUS_MAP, width: 130 },
        { key: 'customerStatus', titleKey: fieldKey('customerStatus'), kind: 'status', statusMap: CUSTOMER_STATUS_MAP, width: 140 },
        { key: 'currentCycle', titleKey: fieldKey('currentCycle'), width: 110, render: (r) => `${r.currentCycle} / ${r.totalCycles}` },
        { key: 'overdueDays', titleKey: fieldKey('overdueDays'), kind: 'number', width: 110 },
        {
          key: 'outstandingBalance',
          titleKey: fieldKey('outstandingBalance'),
          align: 'right',
          width: 160,
          render: (r) => formatAmount(r.outstandingBalance, r.currency, CURRENCY_DECIMALS[r.currency]),
        },
        { key: 'vehicleNumber', titleKey: fieldKey('vehicleNumber'), width: 140 },
        ...(isPlatformUser() ? [{ key: 'merchantName' as const, titleKey: fieldKey('merchantId'), width: 160 }] : []),
        { key: 'expiresAt', titleKey: fieldKey('expiresAt'), kind: 'datetime', width: 180 },
        { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', sortable: true, width: 180 },
      ]}
      rowActions={[
        { key: 'view', labelKey: 'common.view', onClick: (r) => void navigate(ORDER_ROUTES.detail(r.id)) },
        ...orderStepRowActions(PRODUCT_ORDER_STEPS, (drawer, order) => (drawer === 'switchPlan' ? setSwitching : setBinding)(order)),
      ]}
    >
      <Suspense fallback={null}>
        {placing && <PlaceOrderForm onClose={() => setPlacing(false)} />}
        {switching && <SwitchPlanForm order={switching} onClose={() => setSwitching(null)} />}
        {binding && <BindVehicleForm order={binding} onClose={() => setBinding(null)} />}
      </Suspense>
    </ListPage>
  );
}
