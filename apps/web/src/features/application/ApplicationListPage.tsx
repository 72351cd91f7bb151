import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { applicationApi } from '@swap/contracts';
import { ListPage } from '../../shared/table';
import { fieldKey } from '../../shared/devices';
import { isPlatformUser } from '../../shared/session';
import { ApplicationAddForm } from './ApplicationAddForm';
import { APPLICATION_ROUTES, CODE, SEARCH_FIELDS, STATUS_MAP } from './applicationModel';

/**
 * Operation centre → Applications: customers' asset returns and replacements.
 * @route /operation-center/application/list
 */
export function ApplicationListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  return (
    <ListPage
      titleKey="nav.application.list"
      add={{ code: `${CODE}.add`, labelKey: 'application.add', onClick: () => setAdding(true) }}
      endpoints={applicationApi}
      scrollX={1300}
      defaultSort={{ field: 'createdAt', order: 'descend' }}
      searchFields={SEARCH_FIELDS}
      columns={[
        { key: 'id', titleKey: fieldKey('id'), width: 90, render: (r) => <Link to={APPLICATION_ROUTES.detail(r.id)}>{r.id}</Link> },
        {
          key: 'applicationType',
          titleKey: fieldKey('applicationType'),
          width: 150,
          render: (r) => t(`application.type.${r.applicationType}`),
        },
        {
          key: 'applicationStatus',
          titleKey: fieldKey('applicationStatus'),
          kind: 'status',
          statusMap: STATUS_MAP,
          sortable: true,
          width: 140,
        },
        { key: 'customerId', titleKey: fieldKey('customerId'), sortable: true, width: 130 },
        {
          key: 'deviceNumbers',
          titleKey: fieldKey('deviceNumbers'),
          render: (r) => `${t(`application.deviceKind.${r.deviceKind}`)}: ${r.deviceNumbers.join(', ')}`,
        },
        { key: 'reason', titleKey: fieldKey('reason'), ellipsis: true },
        ...(isPlatformUser() ? [{ key: 'merchantName' as const, titleKey: fieldKey('merchantId'), width: 160 }] : []),
        { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', sortable: true, width: 180 },
        { key: 'updatedAt', titleKey: fieldKey('updatedAt'), kind: 'datetime', sortable: true, width: 180 },
      ]}
      rowActions={[{ key: 'view', labelKey: 'common.view', onClick: (r) => void navigate(APPLICATION_ROUTES.detail(r.id)) }]}
    >
      {adding && <ApplicationAddForm onClose={() => setAdding(false)} onSaved={(id) => void navigate(APPLICATION_ROUTES.detail(id))} />}
    </ListPage>
  );
}
