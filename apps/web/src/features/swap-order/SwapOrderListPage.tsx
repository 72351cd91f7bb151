import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CURRENCY_DECIMALS, swapOrderApi, type SwapOrderRecord } from '@swap/contracts';
import { ResourceTable } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { fieldKey } from '../../shared/devices';
import { formatAmount } from '../../shared/format';
import { isPlatformUser } from '../../shared/session';
import { can, codeOf, searchFields, STATUS_MAP, SWAP_ORDER_ROUTES, useSwapOrderKind } from './swapOrderModel';

/**
 * Order centre → Transfer orders or Energy orders: the paid side of charged swaps, each linked to its
 * swap record; collect an unpaid one from the wallet or cancel it (docs/orders.md, "Transfer and energy orders").
 * @route /order/transfer/list
 * @route /order/kwh/list
 */
export function SwapOrderListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kind = useSwapOrderKind();
  const api = swapOrderApi[kind];
  const code = codeOf(kind);
  return (
    <>
      <TitleBar title={t(`nav.order.${kind}`)} />
      <ResourceTable<SwapOrderRecord, typeof api.search>
        key={kind}
        endpoints={{ search: api.search, export: api.export }}
        exportFilename={kind === 'kwh' ? 'energy-orders' : 'transfer-orders'}
        rowKey="id"
        scrollX={kind === 'kwh' ? 1800 : 1600}
        defaultSort={{ field: 'createdAt', order: 'descend' }}
        searchFields={searchFields()}
        columns={[
          {
            key: 'orderNo',
            titleKey: fieldKey('orderNo'),
            sortable: true,
            width: 190,
            render: (r) => <Link to={SWAP_ORDER_ROUTES.detail(r)}>{r.orderNo}</Link>,
          },
          {
            key: 'customerNumber',
            titleKey: fieldKey('customerNumber'),
            width: 130,
            render: (r) => <Link to={SWAP_ORDER_ROUTES.customer(r.customerId)}>{r.customerNumber}</Link>,
          },
          { key: 'customerName', titleKey: fieldKey('customerName'), width: 160 },
          {
            key: 'swapId',
            titleKey: fieldKey('swapId'),
            width: 130,
            render: (r) => <Link to={SWAP_ORDER_ROUTES.swap(r.swapId)}>{t('swapOrder.swapLink', { id: r.swapId })}</Link>,
          },
          { key: 'cabinetNumber', titleKey: fieldKey('cabinetNumber'), width: 140 },
          ...(kind === 'kwh' ? [{ key: 'energyKwh' as const, titleKey: fieldKey('energyKwh'), align: 'right' as const, width: 130 }] : []),
          { key: 'status', titleKey: fieldKey('status'), kind: 'status', statusMap: STATUS_MAP, width: 160 },
          {
            key: 'amount',
            titleKey: fieldKey('amount'),
            align: 'right',
            width: 150,
            render: (r) => formatAmount(r.amount, r.currency, CURRENCY_DECIMALS[r.currency]),
          },
          { key: 'cityName', titleKey: fieldKey('cityName'), width: 150 },
          ...(isPlatformUser() ? [{ key: 'merchantName' as const, titleKey: fieldKey('merchantId'), width: 160 }] : []),
          { key: 'swapAt', titleKey: fieldKey('swapAt'), kind: 'datetime', width: 180 },
          { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', sortable: true, width: 180 },
        ]}
        rowActions={[
          { key: 'view', labelKey: 'common.view', onClick: (r) => void navigate(SWAP_ORDER_ROUTES.detail(r)) },
          {
            key: 'pay',
            labelKey: 'swapOrder.pay',
            code: `${code}.walletPay`,
            hidden: (r) => !can('pay')(r),
            confirmKey: 'swapOrder.payConfirm',
            successKey: 'swapOrder.paid',
            call: { endpoint: api.walletPay, input: (r) => ({ id: r.id }) },
          },
          {
            key: 'cancel',
            labelKey: 'swapOrder.cancel',
            code: `${code}.cancel`,
            danger: true,
            hidden: (r) => !can('cancel')(r),
            confirmKey: 'swapOrder.cancelConfirm',
            successKey: 'swapOrder.cancelled',
            call: { endpoint: api.cancel, input: (r) => ({ id: r.id }) },
          },
        ]}
      />
    </>
  );
}
