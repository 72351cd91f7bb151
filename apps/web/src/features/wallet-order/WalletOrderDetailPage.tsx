import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { walletOrderApi, type WalletOrderKind, type WalletOrderRecord } from '@swap/contracts';
import { DetailCards, DetailFrame, lazyDrawer, type DetailGroup } from '../../shared/detail';
import { useDetail } from '../../shared/detail/useDetail';
import { fieldKey } from '../../shared/devices';
import { useAmount } from '../../shared/amount';
import { OrderPayments } from '../payment';
import { ORDER_ROUTES, ORDER_STATUS_MAP, orderStepActions } from '../order-kind';
import { can, codeOf, useWalletOrderKind, walletOrderSteps } from './walletOrderModel';

const MarkPaidForm = lazyDrawer(() => import('./WalletOrderForms').then((m) => m.MarkPaidForm));

function groups(t: (key: string) => string, kind: WalletOrderKind, amount: (a: string, c: WalletOrderRecord['currency']) => string) {
  const money = (value: (o: WalletOrderRecord) => string) => (o: WalletOrderRecord) => amount(value(o), o.currency);
  const list: DetailGroup<WalletOrderRecord>[] = [
    {
      titleKey: 'walletOrder.group.order',
      items: [
        { field: 'orderNo' },
        { field: 'status', map: ORDER_STATUS_MAP },
        { field: 'customerNumber', render: (o) => <Link to={ORDER_ROUTES.customer(o.customerId)}>{o.customerNumber}</Link> },
        { field: 'customerName' },
        { field: 'source', render: (o) => t(`productOrder.source.${o.source}`) },
        { field: 'merchantName', labelKey: fieldKey('merchantId') },
        { field: 'createdAt' },
      ],
    },
    {
      titleKey: 'walletOrder.group.payment',
      items: [
        { field: 'paidAmount', render: money((o) => o.paidAmount) },
        ...(kind === 'recharge'
          ? [
              { field: 'giftAmount' as const, render: money((o) => o.giftAmount) },
              {
                field: 'marketingType' as const,
                render: (o: WalletOrderRecord) => (o.marketingType ? t(`topUp.marketingType.${o.marketingType}`) : ''),
              },
            ]
          : []),
        { field: 'paymentGateway' },
        { field: 'transactionId' },
        { field: 'paidAt' },
        { field: 'completedAt' },
        { field: 'cancelledAt' },
        { field: 'refundedAt' },
      ],
    },
  ];
  if (kind === 'package')
    list.push({
      titleKey: 'walletOrder.group.package',
      items: [{ field: 'packageName' }, { field: 'swaps' }, { field: 'validityDays' }, { field: 'swapsLeft' }, { field: 'validUntil' }],
    });
  return list;
}

/**
 * One recharge or package order: the customer, what it pays and how it was paid, a package's swaps
 * and validity; mark paid, pay from the wallet, complete or cancel as its status allows (docs/orders.md).
 * @route /order/recharge/detail/:id
 * @route /order/package/detail/:id
 */
export function WalletOrderDetailPage() {
  const { t } = useTranslation();
  const amount = useAmount();
  const kind = useWalletOrderKind();
  const { id } = useParams();
  const code = codeOf(kind);
  return (
    <DetailFrame
      detail={useDetail(walletOrderApi[kind].detail, id)}
      title={(order) => t('walletOrder.detailTitle', { number: order.orderNo })}
      pageTitleKey={kind === 'recharge' ? 'page.rechargeOrderDetail' : 'page.packageOrderDetail'}
      back={ORDER_ROUTES.list(kind)}
      loadFailedKey="walletOrder.loadFailed"
      actions={orderStepActions(walletOrderSteps(kind))}
      drawers={{ markPaid: ({ record, open, close }) => <MarkPaidForm order={open ? record : null} onClose={close} /> }}
    >
      {(order) => (
        <>
          <DetailCards record={order} groups={groups(t, kind, amount)} fieldLabel={fieldKey} />
          <OrderPayments orderNo={order.orderNo} payCode={`${code}.pay`} owing={can('pay')(order)} />
        </>
      )}
    </DetailFrame>
  );
}
