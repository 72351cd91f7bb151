import { Link, useNavigate } from 'react-router';
import { merchantApplicationApi } from '@swap/contracts';
import { ListPage } from '../../shared/table';
import { TYPE_MAP } from './merchantModel';
import { APPLICATION_ROUTES, APPLICATION_SEARCH, APPLICATION_STATUS_MAP } from './merchantApplicationModel';

/**
 * System centre → Merchant applications: what companies sent from the sign-up page, waiting ones first to review.
 * @route /system/merchant-application/list
 */
export function MerchantApplicationListPage() {
  const navigate = useNavigate();
  return (
    <ListPage
      titleKey="nav.admin.merchantApplication"
      endpoints={{ search: merchantApplicationApi.search }}
      scrollX={1300}
      defaultSort={{ field: 'createdAt', order: 'descend' }}
      searchFields={APPLICATION_SEARCH}
      columns={[
        { key: 'id', titleKey: 'merchant.id', width: 80, render: (r) => <Link to={APPLICATION_ROUTES.detail(r.id)}>{r.id}</Link> },
        { key: 'name', titleKey: 'merchant.name', sortable: true, width: 180 },
        { key: 'type', titleKey: 'merchant.typeLabel', kind: 'status', statusMap: TYPE_MAP, sortable: true, width: 110 },
        { key: 'status', titleKey: 'field.status', kind: 'status', statusMap: APPLICATION_STATUS_MAP, sortable: true, width: 160 },
        { key: 'personInCharge', titleKey: 'merchant.personInCharge', width: 160 },
        { key: 'contact', titleKey: 'merchant.contact', width: 170 },
        { key: 'username', titleKey: 'field.username', width: 170 },
        { key: 'createdAt', titleKey: 'merchant.application.appliedAt', kind: 'datetime', sortable: true, width: 180 },
        { key: 'reviewedAt', titleKey: 'field.reviewedAt', kind: 'datetime', sortable: true, width: 180 },
      ]}
      rowActions={[{ key: 'view', labelKey: 'common.view', onClick: (r) => void navigate(APPLICATION_ROUTES.detail(r.id)) }]}
    />
  );
}
