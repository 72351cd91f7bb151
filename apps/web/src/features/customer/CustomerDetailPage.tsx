import { lazy, Suspense } from 'react';
import { Card, Space, Statistic, Table } from 'antd';
import { EditOutlined, IdcardOutlined, StopOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  applicationApi,
  CURRENCY_DECIMALS,
  customerApi,
  topUpApi,
  type ApplicationRecord,
  type CustomerDetail,
  type TopUpRecord,
} from '@swap/contracts';
import { useEndpointQuery } from '../../shared/api/endpoints';
import { Can } from '../../shared/Can';
import { DetailCards, DetailFrame, useDetail, type DetailGroup } from '../../shared/detail';
import { StatusTag } from '../../shared/StatusTag';
import { ResourceTable } from '../../shared/table';
import { fieldKey } from '../../shared/devices';
import { formatAmount, formatDateTime } from '../../shared/format';
import { isPlatformUser } from '../../shared/session';
import { CustomerForm, RestrictForm } from './CustomerForm';
import { AUDIT_MAP, AUTH_MAP, CODE, CUSTOMER_ROUTES, DELETION_MAP, RESTRICTION_MAP } from './customerModel';

const GROUPS: DetailGroup<CustomerDetail>[] = [
  {
    titleKey: 'customer.group.person',
    items: [
      { field: 'customerNumber' },
      { field: 'givenName' },
      { field: 'familyName' },
      { field: 'phone' },
      { field: 'merchantName', labelKey: fieldKey('merchantId') },
      { field: 'createdAt' },
    ],
  },
  {
    titleKey: 'customer.group.status',
    items: [
      { field: 'authStatus', map: AUTH_MAP },
      { field: 'certificateType', render: (c) => <CertificateType value={c.certificateType} /> },
      { field: 'certificateNumber' },
      { field: 'restriction', map: RESTRICTION_MAP },
      { field: 'restrictReason' },
      { field: 'deletion', map: DELETION_MAP },
    ],
  },
];

function CertificateType({ value }: { value: string | null }) {
  const { t } = useTranslation();
  return <>{t(value ? `customer.certificateType.${value}` : 'common.empty')}</>;
}

// Loaded when first opened: most visits never send an identity.
const IdentitySubmitForm = lazy(() => import('./IdentitySubmitForm').then((m) => ({ default: m.IdentitySubmitForm })));

const RECHARGE = 'price.rechargeRecord';
const SWAPS = '/business/transfer/list';
const RESERVATIONS = '/business/appointment/list';
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

/** What hangs off the customer: vehicles, submissions, wallet and top-ups, applications, and links to swaps and reservations. */
function Related({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation();
  const own = { customerId: customer.customerNumber, merchantId: customer.merchantId };
  // A number is unique within its merchant only: platform staff see every merchant's swaps.
  const byCustomer = `?${new URLSearchParams({ customer: customer.customerNumber, merchantId: String(customer.merchantId) })}`;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%', marginTop: 16 }}>
      <Card title={t('customer.devices')}>
        <Space wrap>
          {customer.devices.length
            ? customer.devices.map((vehicle) => (
                <Link key={vehicle.id} to={`/product/vehicle/detail/${vehicle.id}`}>
                  {vehicle.number}
                </Link>
              ))
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
      <Space>
        <Can code="record.swap">
          <Link to={`${SWAPS}${byCustomer}`}>{t('customer.swaps')}</Link>
        </Can>
        <Can code="record.appointment">
          <Link to={`${RESERVATIONS}${byCustomer}`}>{t('customer.reservations')}</Link>
        </Can>
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

/**
 * One customer: who they are, their identity and restriction, and what they hold and did.
 * @route /user/detail/:id
 */
export function CustomerDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const alive = (customer: CustomerDetail) => customer.deletion === 'NORMAL';
  return (
    <DetailFrame
      detail={useDetail(customerApi.detail, id)}
      title={(customer) => t('customer.detailTitle', { number: customer.customerNumber })}
      pageTitleKey="page.customerDetail"
      back={CUSTOMER_ROUTES.list}
      loadFailedKey="customer.loadFailed"
      actions={[
        { key: 'edit', code: `${CODE}.edit`, labelKey: 'common.edit', icon: <EditOutlined />, opens: 'edit', when: alive },
        {
          key: 'identity',
          code: `${CODE}.edit`,
          labelKey: 'customer.identity.submit',
          icon: <IdcardOutlined />,
          opens: 'identity',
          when: (c) => alive(c) && c.authStatus === 'NOT_CERTIFIED',
        },
        {
          key: 'restrict',
          code: `${CODE}.restrict`,
          labelKey: 'customer.restrict',
          icon: <StopOutlined />,
          opens: 'restrict',
          when: (c) => alive(c) && c.restriction === 'UNRESTRICTED',
        },
        {
          key: 'relax',
          code: `${CODE}.restrict`,
          labelKey: 'customer.relax',
          opens: 'restrict',
          when: (c) => alive(c) && c.restriction === 'RESTRICTED',
        },
      ]}
      drawers={{
        edit: ({ record, open, close }) => (open ? <CustomerForm customer={record} onClose={close} /> : null),
        restrict: ({ record, open, close }) => (open ? <RestrictForm customer={record} onClose={close} /> : null),
        identity: ({ record, open, close }) =>
          open ? (
            <Suspense>
              <IdentitySubmitForm customer={record} onClose={close} />
            </Suspense>
          ) : null,
      }}
    >
      {(customer) => (
        <>
          <DetailCards record={customer} groups={GROUPS} fieldLabel={fieldKey} />
          <Related customer={customer} />
        </>
      )}
    </DetailFrame>
  );
}
