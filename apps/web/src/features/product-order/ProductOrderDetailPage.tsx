import { Card } from 'antd';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CURRENCY_DECIMALS, type PlanSwitchRecord, type ProductOrderDetail, productOrderAmountDue } from '@swap/contracts';
import { DetailCards, DetailFrame, lazyDrawer, type DetailGroup } from '../../shared/detail';
import { fieldKey } from '../../shared/devices';
import { formatAmount, formatDateTime } from '../../shared/format';
import { orderStepActions } from '../order-kind';
import { OrderPayments } from '../payment';
import { CODE, CUSTOMER_STATUS_MAP, ORDER_ROUTES, PRODUCT_ORDER_STEPS, STATUS_MAP } from './productOrderModel';
import { useProductOrderDetail } from './productOrderQueries';

const SwitchPlanForm = lazyDrawer(() => import('./ProductOrderForms').then((m) => m.SwitchPlanForm));
const BindVehicleForm = lazyDrawer(() => import('./ProductOrderForms').then((m) => m.BindVehicleForm));

const money = (order: ProductOrderDetail, amount: string) => formatAmount(amount, order.currency, CURRENCY_DECIMALS[order.currency]);

function groups(t: (key: string) => string): DetailGroup<ProductOrderDetail>[] {
  return [
    {
      titleKey: 'productOrder.group.order',
      items: [
        { field: 'orderNo' },
        { field: 'customerNumber', render: (o) => <Link to={ORDER_ROUTES.customer(o.customerId)}>{o.customerNumber}</Link> },
        { field: 'customerName' },
        { field: 'productName' },
        { field: 'operationType', render: (o) => t(`basePrice.operationType.${o.operationType}`) },
        { field: 'source', render: (o) => t(`productOrder.source.${o.source}`) },
        { field: 'status', labelKey: fieldKey('orderStatus'), map: STATUS_MAP },
        { field: 'customerStatus', map: CUSTOMER_STATUS_MAP },
        { field: 'merchantName', labelKey: fieldKey('merchantId') },
        { field: 'paymentGateway' },
        { field: 'transactionId' },
        { field: 'createdAt' },
      ],
    },
    {
      titleKey: 'productOrder.group.cycles',
      items: [
        { field: 'currentCycle', render: (o) => `${o.currentCycle} / ${o.totalCycles}` },
        { field: 'cycleDays' },
        { field: 'pricePerCycle', render: (o) => money(o, o.pricePerCycle) },
        { field: 'renewalPrice', render: (o) => money(o, o.renewalPrice) },
        { field: 'overdueDays' },
        { field: 'overdueCycles' },
        { field: 'outstandingBalance', render: (o) => money(o, o.outstandingBalance) },
        { field: 'startAt' },
        { field: 'paidUntil', render: (o) => (o.paidUntil ? formatDateTime(o.paidUntil) : t('common.empty')) },
        { field: 'expiresAt' },
        { field: 'terminatedAt' },
      ],
    },
    {
      titleKey: 'productOrder.group.devices',
      items: [
        {
          field: 'vehicleNumber',
          render: (o) => (o.vehicleId ? <Link to={`/product/vehicle/detail/${o.vehicleId}`}>{o.vehicleNumber}</Link> : t('common.empty')),
        },
        {
          field: 'batteryNumber',
          render: (o) => (o.batteryId ? <Link to={`/product/battery/detail/${o.batteryId}`}>{o.batteryNumber}</Link> : t('common.empty')),
        },
        { field: 'comboSwaps', render: (o) => (o.comboSwaps === null ? t('common.empty') : String(o.comboSwaps)) },
      ],
    },
  ];
}

/**
 * Each plan switch, newest first: when, by whom, and the product, price per cycle, renewal price and
 * cycles before and after. A plain table (`.plain-table`): a few rows without paging or sorting.
 */
function SwitchHistory({ order }: { order: ProductOrderDetail }) {
  const { t } = useTranslation();
  const change = (from: string | number, to: string | number) => `${from} → ${to}`;
  return (
    <Card title={t('productOrder.switchHistory')} style={{ marginTop: 16 }}>
      {order.switches.length === 0 ? (
        t('common.empty')
      ) : (
        <table className="plain-table">
          <thead>
            <tr>
              {(['switchedAt', 'operatorName', 'productName', 'pricePerCycle', 'renewalPrice', 'totalCycles'] as const).map((field) => (
                <th key={field} scope="col">
                  {t(field === 'switchedAt' ? 'productOrder.switchedAt' : fieldKey(field))}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {order.switches.map((s: PlanSwitchRecord) => (
              <tr key={s.id}>
                <td>{formatDateTime(s.switchedAt)}</td>
                <td>{s.operatorName}</td>
                <td>{change(s.old.productName, s.new.productName)}</td>
                <td>{change(money(order, s.old.pricePerCycle), money(order, s.new.pricePerCycle))}</td>
                <td>{change(money(order, s.old.renewalPrice), money(order, s.new.renewalPrice))}</td>
                <td>{change(s.old.totalCycles, s.new.totalCycles)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

/**
 * One product order: the customer, product and source, its cycles and what it owes, the vehicle and
 * battery bound, the plan-switch history; terminate, switch plan, bind vehicle and retry as its
 * status allows (docs/orders.md).
 * @route /order/product/detail/:id
 */
export function ProductOrderDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <DetailFrame
      detail={useProductOrderDetail(id)}
      title={(order) => t('productOrder.detailTitle', { number: order.orderNo })}
      pageTitleKey="page.productOrderDetail"
      back={ORDER_ROUTES.list}
      loadFailedKey="productOrder.loadFailed"
      actions={orderStepActions<ProductOrderDetail>(PRODUCT_ORDER_STEPS)}
      drawers={{
        switchPlan: ({ record, open, close }) => <SwitchPlanForm order={open ? record : null} onClose={close} />,
        bindVehicle: ({ record, open, close }) => <BindVehicleForm order={open ? record : null} onClose={close} />,
      }}
    >
      {(order) => (
        <>
          <DetailCards record={order} groups={groups(t)} fieldLabel={fieldKey} />
          <SwitchHistory order={order} />
          <OrderPayments orderNo={order.orderNo} payCode={`${CODE}.pay`} owing={productOrderAmountDue(order) !== null} />
        </>
      )}
    </DetailFrame>
  );
}
