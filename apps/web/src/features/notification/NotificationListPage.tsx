import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES, notificationAdd, notificationApi, notificationEdit, type NotificationRecord } from '@swap/contracts';
import { ResourceForm, type FormField } from '../../shared/form';
import { countryOptions } from '../../shared/format';
import { editAction, ListPage, removeAction } from '../../shared/table';

const CODE = 'message.updateMessage';

/**
 * Operation centre → Notifications.
 * @route /operation/noti/notificati
 */
export function NotificationListPage() {
  const { t } = useTranslation();
  const countries = countryOptions(COUNTRY_CODES);
  const [editing, setEditing] = useState<NotificationRecord | 'new' | null>(null);
  const adding = editing === 'new';
  const fields: FormField<'title' | 'description' | 'countryCode'>[] = [
    { name: 'title', labelKey: 'field.title', maxLength: 100 },
    { name: 'description', labelKey: 'field.description', type: 'textarea', rows: 6, maxLength: 1000 },
    { name: 'countryCode', labelKey: 'field.countryCode', type: 'select', options: countries },
  ];
  return (
    <ListPage
      titleKey="nav.message.updateMessage"
      add={{ code: `${CODE}.add`, labelKey: 'notification.add', onClick: () => setEditing('new') }}
      endpoints={notificationApi}
      scrollX={900}
      searchFields={[
        { name: 'title', labelKey: 'field.title' },
        { name: 'countryCode', labelKey: 'field.countryCode', type: 'select', options: countries },
        { name: 'created', labelKey: 'field.createdAt', type: 'dateRange' },
      ]}
      columns={[
        { key: 'title', titleKey: 'field.title', sortable: true, width: 240 },
        { key: 'description', titleKey: 'field.description', ellipsis: true },
        {
          key: 'countryCode',
          titleKey: 'field.countryCode',
          sortable: true,
          width: 180,
          render: (r) => countries.find((c) => c.value === r.countryCode)?.label ?? r.countryCode,
        },
        { key: 'createdAt', titleKey: 'field.createdAt', kind: 'datetime', sortable: true, width: 190 },
      ]}
      rowActions={[editAction(CODE, setEditing), removeAction(CODE, notificationApi.remove, { confirmKey: 'notification.confirmRemove' })]}
    >
      <ResourceForm
        open={editing !== null}
        mode={adding ? 'add' : 'edit'}
        title={t(adding ? 'notification.add' : 'notification.editTitle')}
        schema={(adding ? notificationAdd : notificationEdit) as typeof notificationEdit}
        width={600}
        fields={fields}
        initialValues={editing && editing !== 'new' ? editing : {}}
        extraValues={editing && editing !== 'new' ? { id: editing.id } : undefined}
        submit={adding ? notificationApi.add : notificationApi.edit}
        refresh={[notificationApi.edit]}
        onClose={() => setEditing(null)}
      />
    </ListPage>
  );
}
