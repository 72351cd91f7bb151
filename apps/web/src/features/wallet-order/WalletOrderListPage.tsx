import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { walletOrderApi, type WalletOrderRecord } from '@swap/contracts';
import { Can } from '../../shared/Can';
import { ResourceTable, type RowAction } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { fieldKey } from '../../shared/devices';
import { useAmount } from '../../shared/amount';
import { isPlatformUser } from '../../shared/session';
import { can, codeOf, searchFields, STATUS_MAP, useWalletOrderKind, WALLET_ORDER_ROUTES } from './walletOrderModel';

const PlaceWalletOrderForm = lazy(() => import('./WalletOrderForms').then((m) => ({ default: m.PlaceWalletOrderForm })));
const MarkPaidForm = lazy(() => import('./WalletOrderForms').then((m) => ({ default: m.MarkPaidForm })));

/**
 * Order centre → Recharge orders or Package orders: customers' wallet top-ups and swap packages,
 * paid, completed, cancelled or timed out (docs/orders.md, "Recharge and package orders").
 * @route /order/recharge/list
 * @route /order/package/list
 */
export function WalletOrderListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const amount = useAmount();
  const kind = useWalletOrderKind();
  const code = codeOf(kind);
  const api = walletOrderApi[kind];
  const [placing, setPlacing] = useState(false);
  const [paying, setPaying] = useState<WalletOrderRecord | null>(null);
  const recharge = kind === 'recharge';
  const steps: RowAction<WalletOrderRecord>[] = [
    { key: 'markPaid', labelKey: 'walletOrder.markPaid', code: `${code}.markPaid`, hidden: (r) => !can('pay')(r), onClick: setPaying },
    ...(recharge
      ? [
          {
            key: 'complete',
            labelKey: 'walletOrder.complete',
            code: 'order.wallet.complete',
            hidden: (r: WalletOrderRecord) => !can('complete')(r),
            confirmKey: 'walletOrder.completeConfirm',
            successKey: 'walletOrder.completed',
            call: { endpoint: walletOrderApi.recharge.complete, input: (r: WalletOrderRecord) => ({ id: r.id }) },
          },
        ]
      : [
          {
            key: 'payFromWallet',
            labelKey: 'walletOrder.payFromWallet',
            code: 'order.combo.payFromWallet',
            hidden: (r: WalletOrderRecord) => !can('pay')(r),
            confirmKey: 'walletOrder.payFromWalletConfirm',
            successKey: 'walletOrder.markedPaid',
            call: { endpoint: walletOrderApi.package.payFromWallet, input: (r: WalletOrderRecord) => ({ id: r.id }) },
          },
        ]),
    {
      key: 'cancel',
      labelKey: 'walletOrder.cancel',
      code: `${code}.cancel`,
      danger: true,
      hidden: (r) => !can('cancel')(r),
      confirmKey: 'walletOrder.cancelConfirm',
      successKey: 'walletOrder.cancelled',
      call: { endpoint: walletOrderApi[kind].cancel, input: (r) => ({ id: r.id }) },
    },
  ];
  return (
    <>
      <TitleBar
        title={t(recharge ? 'nav.order.wallet' : 'nav.order.combo')}
        operate={
          <Can code={`${code}.add`}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setPlacing(true)}>
              {t(`walletOrder.place.${kind}`)}
            </Button>
          </Can>
        }
      />
      <ResourceTable<WalletOrderRecord, typeof api.search>
        key={kind}
        endpoints={{ search: api.search, export: api.export }}
        exportFilename={`${kind}-orders`}
        rowKey="id"
        scrollX={1500}
        defaultSort={{ field: 'createdAt', order: 'descend' }}
        searchFields={searchFields()}
        columns={[
          {
            key: 'orderNo',
            titleKey: fieldKey('orderNo'),
            sortable: true,
            width: 190,
            render: (r) => <Link to={WALLET_ORDER_ROUTES.detail(r)}>{r.orderNo}</Link>,
          },
          {
            key: 'customerNumber',
            titleKey: fieldKey('customerNumber'),
            width: 130,
            render: (r) => <Link to={WALLET_ORDER_ROUTES.customer(r.customerId)}>{r.customerNumber}</Link>,
          },
          { key: 'customerName', titleKey: fieldKey('customerName'), width: 160 },
          ...(recharge
            ? [
                {
                  key: 'marketingType' as const,
                  titleKey: fieldKey('marketingType'),
                  width: 150,
                  render: (r: WalletOrderRecord) => (r.marketingType ? t(`topUp.marketingType.${r.marketingType}`) : ''),
                },
              ]
            : [
                { key: 'packageName' as const, titleKey: fieldKey('packageName'), width: 150 },
                { key: 'swapsLeft' as const, titleKey: fieldKey('swapsLeft'), kind: 'number' as const, width: 120 },
              ]),
          { key: 'status', titleKey: fieldKey('status'), kind: 'status', statusMap: STATUS_MAP, width: 160 },
          {
            key: 'paidAmount',
            titleKey: fieldKey('paidAmount'),
            align: 'right',
            width: 160,
            render: (r) => amount(r.paidAmount, r.currency),
          },
          ...(recharge
            ? [
                {
                  key: 'giftAmount' as const,
                  titleKey: fieldKey('giftAmount'),
                  align: 'right' as const,
                  width: 140,
                  render: (r: WalletOrderRecord) => amount(r.giftAmount, r.currency),
                },
              ]
            : []),
          ...(isPlatformUser() ? [{ key: 'merchantName' as const, titleKey: fieldKey('merchantId'), width: 160 }] : []),
          { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', sortable: true, width: 180 },
        ]}
        rowActions={[{ key: 'view', labelKey: 'common.view', onClick: (r) => void navigate(WALLET_ORDER_ROUTES.detail(r)) }, ...steps]}
      />
      <Suspense fallback={null}>
        {placing && <PlaceWalletOrderForm kind={kind} onClose={() => setPlacing(false)} />}
        {paying && <MarkPaidForm order={paying} onClose={() => setPaying(null)} />}
      </Suspense>
    </>
  );
}
