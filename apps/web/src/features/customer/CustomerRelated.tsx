import { Card, Space, Statistic, Table } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  applicationApi,
  CURRENCY_DECIMALS,
  topUpApi,
  type ApplicationRecord,
  type CustomerDetail,
  type TopUpRecord,
} from '@swap/contracts';
import { useEndpointQuery } from '../../shared/api/endpoints';
import { Can } from '../../shared/Can';
import { StatusTag } from '../../shared/StatusTag';
import { ResourceTable } from '../../shared/table';
import { fieldKey } from '../../shared/devices';
import { formatAmount, formatDateTime } from '../../shared/format';
import { isPlatformUser } from '../../shared/session';
import { CustomerReservationsCard, DeviceSwapsCard } from '../swap';
import { AUDIT_MAP, CUSTOMER_ROUTES } from './customerModel';

const RECHARGE = 'price.rechargeRecord';
const WALLET_BILL = '/order/wallet/bill';

/** The wallet balance at the customer's merchant (top-up records' readers only). */
function Wallet({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation();
  const input = { customerId: customer.customerNumber, ...(isPlatformUser() ? { merchantId: customer.merchantId } : {}) };
  const wallet = useEndpointQuery(topUpApi.balance, input).data;
  return (
    <Statistic
      title={t('customer.wallet')}
      value={wallet ? formatAmount(wallet.balance, wallet.currency, CURRENCY_DECIMALS[wallet.currency]) : '…'}
    />
  );
}

/** What hangs off the customer: vehicles, submissions, wallet and top-ups, applications, swaps and reservations. */
export default function Related({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation();
  const own = { customerId: customer.customerNumber, merchantId: customer.merchantId };
  // Swaps and reservations are read by the customer's reference (docs/customers.md, "Swaps and reservations").
  const reference = { id: customer.id, number: customer.customerNumber, merchantId: customer.merchantId };
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%', marginTop: 16 }}>
      <Card title={t('customer.devices')}>
        <Space wrap>
          {customer.devices.length + customer.batteries.length
            ? [
                ...customer.devices.map((vehicle) => (
                  <Link key={`v${vehicle.id}`} to={`/product/vehicle/detail/${vehicle.id}`}>
                    {vehicle.number}
                  </Link>
                )),
                ...customer.batteries.map((battery) => (
                  <Link key={`b${battery.id}`} to={`/product/battery/detail/${battery.id}`}>
                    {battery.number}
                  </Link>
                )),
              ]
            : t('common.empty')}
        </Space>
      </Card>
      <Card
        title={t('customer.submissions')}
        extra={
          <Link to={`${CUSTOMER_ROUTES.audits}?${new URLSearchParams({ customerNumber: customer.customerNumber })}`}>
            {t('nav.customer.authentication')}
          </Link>
        }
      >
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={customer.submissions}
          columns={[
            { key: 'submittedAt', title: t(fieldKey('submittedAt')), render: (_, s) => formatDateTime(s.submittedAt) },
            { key: 'auditState', title: t(fieldKey('auditState')), render: (_, s) => <StatusTag value={s.auditState} map={AUDIT_MAP} /> },
          ]}
        />
      </Card>
      <Can code={RECHARGE}>
        <Card title={t('customer.topUps')} extra={<Wallet customer={customer} />}>
          <ResourceTable<TopUpRecord, typeof topUpApi.search>
            endpoints={{ search: topUpApi.search }}
            filters={own}
            defaultSort={{ field: 'createdAt', order: 'descend' }}
            pageSize={5}
            rowKey="id"
            columns={[
              { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', width: 180 },
              {
                key: 'paidAmount',
                titleKey: fieldKey('paidAmount'),
                align: 'right',
                render: (r) => formatAmount(r.paidAmount, r.currency, CURRENCY_DECIMALS[r.currency]),
              },
              {
                key: 'giftAmount',
                titleKey: fieldKey('giftAmount'),
                align: 'right',
                render: (r) => formatAmount(r.giftAmount, r.currency, CURRENCY_DECIMALS[r.currency]),
              },
              {
                key: 'balanceAfter',
                titleKey: fieldKey('balanceAfter'),
                align: 'right',
                render: (r) => formatAmount(r.balanceAfter, r.currency, CURRENCY_DECIMALS[r.currency]),
              },
            ]}
          />
        </Card>
      </Can>
      <Can code="application.list">
        <Card title={t('customer.applications')}>
          <ResourceTable<ApplicationRecord, typeof applicationApi.search>
            endpoints={{ search: applicationApi.search }}
            filters={own}
            defaultSort={{ field: 'createdAt', order: 'descend' }}
            pageSize={5}
            rowKey="id"
            columns={[
              {
                key: 'id',
                titleKey: fieldKey('id'),
                width: 90,
                render: (r) => <Link to={`/operation-center/application/detail/${r.id}`}>{r.id}</Link>,
              },
              { key: 'applicationType', titleKey: fieldKey('applicationType'), render: (r) => t(`application.type.${r.applicationType}`) },
              {
                key: 'applicationStatus',
                titleKey: fieldKey('applicationStatus'),
                render: (r) => t(`application.status.${r.applicationStatus}`),
              },
              { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', width: 180 },
            ]}
          />
        </Card>
      </Can>
      <DeviceSwapsCard kind="customer" device={reference} />
      <CustomerReservationsCard customer={reference} />
      <Space>
        <Can code="order.wallet.bill">
          <Link
            to={`${WALLET_BILL}?${new URLSearchParams({ customerId: customer.customerNumber, merchantId: String(customer.merchantId) })}`}
          >
            {t('nav.order.wallet.bill')}
          </Link>
        </Can>
      </Space>
    </Space>
  );
}
