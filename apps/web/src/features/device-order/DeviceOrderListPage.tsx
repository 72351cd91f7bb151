import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CURRENCY_DECIMALS, deviceOrderApi, type DeviceOrderRecord } from '@swap/contracts';
import { Can } from '../../shared/Can';
import { ResourceTable } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { fieldKey } from '../../shared/devices';
import { formatAmount } from '../../shared/format';
import { isPlatformUser } from '../../shared/session';
import { can, codeOf, DEVICE_ORDER_ROUTES, searchFields, STATUS_MAP, useOrderKind } from './deviceOrderModel';

const DeviceOrderForm = lazy(() => import('./DeviceOrderForm').then((m) => ({ default: m.DeviceOrderForm })));

/**
 * Order centre → Vehicle orders or Battery orders: devices sold or leased to customers, paid, handed
 * over or cancelled (docs/orders.md, "Vehicle and battery orders").
 * @route /order/vehicle/list
 * @route /order/battery/list
 */
export function DeviceOrderListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kind = useOrderKind();
  const api = deviceOrderApi[kind];
  const code = codeOf(kind);
  const [placing, setPlacing] = useState(false);
  return (
    <>
      <TitleBar
        title={t(`nav.order.${kind}`)}
        operate={
          <Can code={`${code}.add`}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setPlacing(true)}>
              {t('deviceOrder.place')}
            </Button>
          </Can>
        }
      />
      <ResourceTable<DeviceOrderRecord, typeof api.search>
        key={kind}
        endpoints={{ search: api.search, export: api.export }}
        exportFilename={`${kind}-orders`}
        rowKey="id"
        scrollX={1700}
        defaultSort={{ field: 'createdAt', order: 'descend' }}
        searchFields={searchFields(kind)}
        columns={[
          {
            key: 'orderNo',
            titleKey: fieldKey('orderNo'),
            sortable: true,
            width: 190,
            render: (r) => <Link to={DEVICE_ORDER_ROUTES.detail(r)}>{r.orderNo}</Link>,
          },
          {
            key: 'customerNumber',
            titleKey: fieldKey('customerNumber'),
            width: 130,
            render: (r) => <Link to={DEVICE_ORDER_ROUTES.customer(r.customerId)}>{r.customerNumber}</Link>,
          },
          { key: 'customerName', titleKey: fieldKey('customerName'), width: 160 },
          { key: 'orderType', titleKey: fieldKey('orderType'), width: 130, render: (r) => t(`deviceOrder.type.${r.orderType}`) },
          {
            key: 'deviceNumber',
            titleKey: fieldKey(kind === 'vehicle' ? 'vehicleNumber' : 'batteryNumber'),
            width: 150,
            render: (r) => <Link to={DEVICE_ORDER_ROUTES.device(r)}>{r.deviceNumber}</Link>,
          },
          { key: 'status', titleKey: fieldKey('status'), kind: 'status', statusMap: STATUS_MAP, width: 160 },
          {
            key: 'totalAmount',
            titleKey: fieldKey('totalAmount'),
            align: 'right',
            width: 160,
            render: (r) => formatAmount(r.totalAmount, r.currency, CURRENCY_DECIMALS[r.currency]),
          },
          { key: 'cityName', titleKey: fieldKey('cityName'), width: 150 },
          ...(isPlatformUser() ? [{ key: 'merchantName' as const, titleKey: fieldKey('merchantId'), width: 160 }] : []),
          { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', sortable: true, width: 180 },
        ]}
        rowActions={[
          { key: 'view', labelKey: 'common.view', onClick: (r) => void navigate(DEVICE_ORDER_ROUTES.detail(r)) },
          {
            key: 'handOver',
            labelKey: 'deviceOrder.handOver',
            code: `${code}.handOver`,
            hidden: (r) => !can('handOver')(r),
            confirmKey: `deviceOrder.handOverConfirm.${kind}`,
            successKey: 'deviceOrder.handedOver',
            call: { endpoint: api.handOver, input: (r) => ({ id: r.id }) },
          },
          {
            key: 'cancel',
            labelKey: 'deviceOrder.cancel',
            code: `${code}.cancel`,
            danger: true,
            hidden: (r) => !can('cancel')(r),
            confirmKey: 'deviceOrder.cancelConfirm',
            successKey: 'deviceOrder.cancelled',
            call: { endpoint: api.cancel, input: (r) => ({ id: r.id }) },
          },
        ]}
      />
      <Suspense fallback={null}>{placing && <DeviceOrderForm kind={kind} onClose={() => setPlacing(false)} />}</Suspense>
    </>
  );
}
