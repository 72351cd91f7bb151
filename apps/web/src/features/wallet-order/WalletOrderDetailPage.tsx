import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { walletOrderApi, type WalletOrderKind, type WalletOrderRecord } from '@swap/contracts';
import { ConfirmButton } from '../../shared/confirm';
import { DetailCards, DetailFrame, lazyDrawer, type DetailGroup } from '../../shared/detail';
import { useDetail } from '../../shared/detail/useDetail';
import { fieldKey } from '../../shared/devices';
import { useAmount } from '../../shared/amount';
import { useEndpointMutation } from '../../shared/api/endpoints';
import { useUi } from '../../shared/ui';
import { OrderPayments } from '../payment';
import { ORDER_ROUTES, ORDER_STATUS_MAP } from '../order-kind';
import { can, codeOf, useWalletOrderKind } from './walletOrderModel';

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

/** Complete, pay from the wallet or cancel after its question; the order reloads and a message says it is done. */
function StepButton({ order, step }: { order: WalletOrderRecord; step: 'complete' | 'payFromWallet' | 'cancel' }) {
  const { t } = useTranslation();
  const { message } = useUi();
  const complete = useEndpointMutation(walletOrderApi.recharge.complete);
  const payFromWallet = useEndpointMutation(walletOrderApi.package.payFromWallet);
  const cancel = useEndpointMutation(walletOrderApi[order.kind].cancel);
  const words = {
    complete: ['walletOrder.complete', 'walletOrder.completeConfirm', 'walletOrder.completed', 'order.wallet.complete'],
    payFromWallet: ['walletOrder.payFromWallet', 'walletOrder.payFromWalletConfirm', 'walletOrder.markedPaid', 'order.combo.payFromWallet'],
    cancel: ['walletOrder.cancel', 'walletOrder.cancelConfirm', 'walletOrder.cancelled', `${codeOf(order.kind)}.cancel`],
  }[step];
  return (
    <ConfirmButton
      type={step === 'cancel' ? 'default' : 'primary'}
      size="middle"
      danger={step === 'cancel'}
      labelKey={words[0]!}
      confirmKey={words[1]}
      code={words[3]}
      onConfirm={async () => {
        await { complete, payFromWallet, cancel }[step]({ id: order.id });
        void message.success(t(words[2]!));
      }}
    />
  );
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
      actions={[
        { key: 'markPaid', code: `${code}.markPaid`, labelKey: 'walletOrder.markPaid', when: can('pay'), opens: 'markPaid' },
        ...(kind === 'recharge'
          ? [
              {
                key: 'complete',
                code: 'order.wallet.complete',
                labelKey: 'walletOrder.complete',
                when: can('complete'),
                render: (o: WalletOrderRecord) => <StepButton order={o} step="complete" />,
              },
            ]
          : [
              {
                key: 'payFromWallet',
                code: 'order.combo.payFromWallet',
                labelKey: 'walletOrder.payFromWallet',
                when: can('pay'),
                render: (o: WalletOrderRecord) => <StepButton order={o} step="payFromWallet" />,
              },
            ]),
        {
          key: 'cancel',
          code: `${code}.cancel`,
          labelKey: 'walletOrder.cancel',
          when: can('cancel'),
          render: (o) => <StepButton order={o} step="cancel" />,
        },
      ]}
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
