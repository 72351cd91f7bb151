import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { customerApi, type CustomerRecord } from '@swap/contracts';
import { editAction, ListPage, removeAction } from '../../shared/table';
import { fieldKey } from '../../shared/devices';
import { isPlatformUser } from '../../shared/session';
import { CustomerForm, RestrictForm } from './CustomerForm';
import { AUTH_MAP, CODE, CUSTOMER_ROUTES, DELETION_MAP, RESTRICTION_MAP, SEARCH_FIELDS } from './customerModel';

/**
 * User centre → Customers: each merchant's customers, their identity and restriction (docs/customers.md).
 * @route /user/list
 */
export function CustomerListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<CustomerRecord | 'new' | null>(null);
  const [restricting, setRestricting] = useState<CustomerRecord | null>(null);
  const deleted = (r: CustomerRecord) => r.deletion === 'DELETED';
  return (
    <ListPage
      titleKey="nav.customer.list"
      add={{ code: `${CODE}.add`, labelKey: 'customer.add', onClick: () => setEditing('new') }}
      endpoints={customerApi}
      scrollX={1500}
      defaultSort={{ field: 'createdAt', order: 'descend' }}
      searchFields={SEARCH_FIELDS}
      columns={[
        {
          key: 'customerNumber',
          titleKey: fieldKey('customerNumber'),
          sortable: true,
          width: 130,
          render: (r) => <Link to={CUSTOMER_ROUTES.detail(r.id)}>{r.customerNumber}</Link>,
        },
        { key: 'givenName', titleKey: fieldKey('givenName'), width: 130 },
        { key: 'familyName', titleKey: fieldKey('familyName'), width: 130 },
        { key: 'phone', titleKey: fieldKey('phone'), width: 150 },
        {
          key: 'certificateType',
          titleKey: fieldKey('certificateType'),
          width: 130,
          render: (r) => (r.certificateType ? t(`customer.certificateType.${r.certificateType}`) : ''),
        },
        { key: 'certificateNumber', titleKey: fieldKey('certificateNumber'), width: 180 },
        { key: 'authStatus', titleKey: fieldKey('authStatus'), kind: 'status', statusMap: AUTH_MAP, width: 150 },
        { key: 'restriction', titleKey: fieldKey('restriction'), kind: 'status', statusMap: RESTRICTION_MAP, width: 130 },
        { key: 'deletion', titleKey: fieldKey('deletion'), kind: 'status', statusMap: DELETION_MAP, width: 120 },
        ...(isPlatformUser() ? [{ key: 'merchantName' as const, titleKey: fieldKey('merchantId'), width: 160 }] : []),
        { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', sortable: true, width: 180 },
      ]}
      rowActions={[
        { key: 'view', labelKey: 'common.view', onClick: (r) => void navigate(CUSTOMER_ROUTES.detail(r.id)) },
        editAction(CODE, (r) => setEditing(r), { hidden: deleted }),
        {
          key: 'restrict',
          labelKey: 'customer.restrict',
          code: `${CODE}.restrict`,
          hidden: (r) => deleted(r) || r.restriction === 'RESTRICTED',
          onClick: (r) => setRestricting(r),
        },
        {
          key: 'relax',
          labelKey: 'customer.relax',
          code: `${CODE}.restrict`,
          hidden: (r) => deleted(r) || r.restriction === 'UNRESTRICTED',
          onClick: (r) => setRestricting(r),
        },
        removeAction(CODE, customerApi.remove, { confirmKey: 'customer.removeConfirm', hidden: deleted }),
      ]}
    >
      {editing !== null && <CustomerForm customer={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {restricting && <RestrictForm customer={restricting} onClose={() => setRestricting(null)} />}
    </ListPage>
  );
}
