import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES, notificationAdd, notificationApi, notificationEdit, type NotificationRecord } from '@swap/contracts';
import { Can } from '../../shared/Can';
import { ResourceForm, type FormField } from '../../shared/form';
import { ResourceTable } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';

const CODE = 'message.updateMessage';

/** Country names in the reader's language, from the browser's own data. */
function useCountryOptions() {
  const { i18n } = useTranslation();
  const names = new Intl.DisplayNames([i18n.language === 'in' ? 'id' : i18n.language], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }));
}

/** Operation centre → Notifications (/operation/noti/notificati). */
export function NotificationListPage() {
  const { t } = useTranslation();
  const countries = useCountryOptions();
  const [editing, setEditing] = useState<NotificationRecord | 'new' | null>(null);
  const adding = editing === 'new';
  const fields: FormField<'title' | 'description' | 'countryCode'>[] = [
    { name: 'title', labelKey: 'field.title', maxLength: 100 },
    { name: 'description', labelKey: 'field.description', type: 'textarea', rows: 6, maxLength: 1000 },
    { name: 'countryCode', labelKey: 'field.countryCode', type: 'select', options: countries },
  ];
  return (
    <>
      <TitleBar
        title={t('nav.message.updateMessage')}
        operate={
          <Can code={`${CODE}.add`}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('notification.add')}
            </Button>
          </Can>
        }
      />
      <ResourceTable<NotificationRecord, typeof notificationApi.search>
        endpoints={{ search: notificationApi.search, export: notificationApi.export }}
        exportFilename="notifications"
        rowKey="id"
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
        rowActions={[
          { key: 'edit', labelKey: 'common.edit', code: `${CODE}.edit`, onClick: (r) => setEditing(r) },
          {
            key: 'remove',
            labelKey: 'common.remove',
            code: `${CODE}.remove`,
            danger: true,
            confirmKey: 'notification.confirmRemove',
            call: { endpoint: notificationApi.remove, input: (r) => ({ id: r.id }) },
            successKey: 'common.removed',
          },
        ]}
      />
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
    </>
  );
}
