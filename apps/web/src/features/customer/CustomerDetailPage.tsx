import { lazy, Suspense } from 'react';
import { EditOutlined, IdcardOutlined, StopOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { customerApi, type CustomerDetail } from '@swap/contracts';
import { DetailCards, DetailFrame, LazyPart, useDetail, type DetailGroup } from '../../shared/detail';
import { fieldKey } from '../../shared/devices';
import { AUTH_MAP, CODE, CUSTOMER_ROUTES, DELETION_MAP, RESTRICTION_MAP } from './customerModel';

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

// What hangs off the customer loads after its fields: its three tables bring the table kit
// (docs/scaling.md, "Web bundle").
const Related = lazy(() => import('./CustomerRelated'));
const CustomerForm = lazy(() => import('./CustomerForm').then((m) => ({ default: m.CustomerForm })));
const RestrictForm = lazy(() => import('./CustomerForm').then((m) => ({ default: m.RestrictForm })));

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
        edit: ({ record, open, close }) =>
          open ? (
            <Suspense>
              <CustomerForm customer={record} onClose={close} />
            </Suspense>
          ) : null,
        restrict: ({ record, open, close }) =>
          open ? (
            <Suspense>
              <RestrictForm customer={record} onClose={close} />
            </Suspense>
          ) : null,
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
          <LazyPart>
            <Related customer={customer} />
          </LazyPart>
        </>
      )}
    </DetailFrame>
  );
}
