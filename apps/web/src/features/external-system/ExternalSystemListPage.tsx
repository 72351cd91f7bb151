import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  externalSystemAdd,
  externalSystemApi,
  externalSystemEdit,
  type ExternalSystemCreated,
  type ExternalSystemRecord,
} from '@swap/contracts';
import { ResourceForm, type FormField } from '../../shared/form';
import { editAction, ListPage, removeAction } from '../../shared/table';
import { fieldKey } from '../../shared/devices';
import { isPlatformUser } from '../../shared/session';
import { useOwnerOptions } from '../device-registry';
import { CODE, EXTERNAL_SYSTEM_ROUTES } from './externalSystemModel';

type Field = FormField<'merchantId' | 'name' | 'url' | 'enabled'>;

/** The signing key, shown once after a registration: its dialog loads then (docs/scaling.md, "Web bundle"). */
const KeyModal = lazy(() => import('../../shared/SigningKeyModal'));

/**
 * Operation centre → Distribution → External systems: partner systems that receive their devices'
 * events as signed webhooks (docs/operation-centre.md, "External systems").
 * @route /distribution/external-system
 */
export function ExternalSystemListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const owners = useOwnerOptions();
  const [editing, setEditing] = useState<ExternalSystemRecord | 'new' | null>(null);
  const [created, setCreated] = useState<ExternalSystemCreated | null>(null);
  const adding = editing === 'new';
  const platform = isPlatformUser();
  const fields: Field[] = [
    { name: 'merchantId', labelKey: fieldKey('merchantId'), type: 'agent', modes: ['add'] },
    { name: 'name', labelKey: fieldKey('name'), maxLength: 100 },
    { name: 'url', labelKey: fieldKey('url'), maxLength: 2000, helpKey: 'externalSystem.urlHelp' },
    { name: 'enabled', labelKey: fieldKey('enabled'), type: 'switch' },
  ];
  return (
    <ListPage
      titleKey="nav.allocation.externalSystem"
      add={{ code: `${CODE}.add`, labelKey: 'externalSystem.add', onClick: () => setEditing('new') }}
      endpoints={externalSystemApi}
      scrollX={1200}
      searchFields={[
        { name: 'name', labelKey: fieldKey('name') },
        {
          name: 'enabled',
          labelKey: fieldKey('enabled'),
          type: 'select',
          options: [
            { value: true, labelKey: 'common.yes' },
            { value: false, labelKey: 'common.no' },
          ],
        },
        ...(platform
          ? [{ name: 'merchantId' as const, labelKey: fieldKey('merchantId'), type: 'select' as const, source: owners?.merchants }]
          : []),
      ]}
      columns={[
        { key: 'name', titleKey: fieldKey('name'), sortable: true, width: 220 },
        ...(platform ? [{ key: 'merchantName' as const, titleKey: fieldKey('merchantId'), width: 180 }] : []),
        { key: 'url', titleKey: fieldKey('url'), ellipsis: true },
        { key: 'enabled', titleKey: fieldKey('enabled'), width: 110, render: (r) => t(r.enabled ? 'common.yes' : 'common.no') },
        { key: 'deviceCount', titleKey: fieldKey('deviceCount'), align: 'right', width: 110 },
        { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', sortable: true, width: 180 },
      ]}
      rowActions={[
        { key: 'details', labelKey: 'externalSystem.details', onClick: (r) => void navigate(EXTERNAL_SYSTEM_ROUTES.detail(r.id)) },
        editAction(CODE, setEditing),
        removeAction(CODE, externalSystemApi.remove, { confirmKey: 'externalSystem.confirmRemove' }),
      ]}
    >
      <ResourceForm
        open={editing !== null}
        mode={adding ? 'add' : 'edit'}
        title={t(adding ? 'externalSystem.add' : 'externalSystem.editTitle')}
        schema={(adding ? externalSystemAdd : externalSystemEdit) as typeof externalSystemAdd}
        width={560}
        fields={fields}
        initialValues={editing && editing !== 'new' ? editing : { enabled: true }}
        extraValues={editing && editing !== 'new' ? ({ id: editing.id } as object) : undefined}
        submit={adding ? externalSystemApi.add : externalSystemApi.edit}
        refresh={[externalSystemApi.edit]}
        onSaved={(result) => {
          if (adding) setCreated(result as ExternalSystemCreated);
        }}
        onClose={() => setEditing(null)}
      />
      {created && (
        <Suspense fallback={null}>
          <KeyModal
            title={`${t('externalSystem.keyTitle')}: ${created.name}`}
            onceText={t('externalSystem.keyOnce')}
            doneText={t('externalSystem.keyDone')}
            signingKey={created.signingKey}
            onClose={() => setCreated(null)}
          />
        </Suspense>
      )}
    </ListPage>
  );
}
