import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { identityApi, type IdentityRecord } from '@swap/contracts';
import { ListPage } from '../../shared/table';
import { fieldKey } from '../../shared/devices';
import { isPlatformUser } from '../../shared/session';
import { AUDIT_CODE, AUDIT_MAP, AUDIT_SEARCH_FIELDS, CUSTOMER_ROUTES } from './customerModel';

const ReviewDrawer = lazy(() => import('./ReviewDrawer').then((m) => ({ default: m.ReviewDrawer })));

/**
 * User centre → Identity audits: customers' submissions, checked automatically, then passed or failed by staff.
 * @route /user/auditList
 */
export function IdentityAuditListPage() {
  const { t } = useTranslation();
  const [reviewing, setReviewing] = useState<IdentityRecord | null>(null);
  return (
    <ListPage
      titleKey="nav.customer.authentication"
      endpoints={identityApi}
      scrollX={1500}
      defaultSort={{ field: 'submittedAt', order: 'descend' }}
      searchFields={AUDIT_SEARCH_FIELDS}
      columns={[
        {
          key: 'customerNumber',
          titleKey: fieldKey('customerNumber'),
          width: 130,
          render: (r) => <Link to={CUSTOMER_ROUTES.detail(r.customerId)}>{r.customerNumber}</Link>,
        },
        { key: 'customerName', titleKey: fieldKey('name'), width: 160 },
        {
          key: 'certificateType',
          titleKey: fieldKey('certificateType'),
          width: 130,
          render: (r) => t(`customer.certificateType.${r.certificateType}`),
        },
        { key: 'certificateNumber', titleKey: fieldKey('certificateNumber'), width: 180 },
        { key: 'submitter', titleKey: fieldKey('submitter'), width: 120, render: (r) => t(`identity.submitter.${r.submitter}`) },
        { key: 'auditState', titleKey: fieldKey('auditState'), kind: 'status', statusMap: AUDIT_MAP, width: 120 },
        {
          key: 'auditMode',
          titleKey: fieldKey('auditMode'),
          width: 120,
          render: (r) => (r.auditMode ? t(`identity.auditMode.${r.auditMode}`) : ''),
        },
        { key: 'auditReason', titleKey: fieldKey('auditReason'), ellipsis: true },
        { key: 'auditorName', titleKey: fieldKey('auditorName'), width: 120 },
        ...(isPlatformUser() ? [{ key: 'merchantName' as const, titleKey: fieldKey('merchantId'), width: 160 }] : []),
        { key: 'submittedAt', titleKey: fieldKey('submittedAt'), kind: 'datetime', sortable: true, width: 180 },
      ]}
      rowActions={[
        {
          key: 'review',
          labelKey: 'customer.identity.review',
          code: `${AUDIT_CODE}.audit`,
          hidden: (r) => r.auditState !== 'PENDING',
          onClick: (r) => setReviewing(r),
        },
      ]}
    >
      {reviewing && (
        <Suspense>
          <ReviewDrawer submission={reviewing} onClose={() => setReviewing(null)} />
        </Suspense>
      )}
    </ListPage>
  );
}
