import { lazy, Suspense, useState } from 'react';
import { Button, Card } from 'antd';
import { EditOutlined, SendOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { externalSystemApi, externalSystemDevices, type ExternalSystemRecord, type WebhookDeliveryRecord } from '@swap/contracts';
import { DetailCards, DetailFrame, type DetailGroup } from '../../shared/detail';
import { useDetail } from '../../shared/detail/useDetail';
import { ResourceForm } from '../../shared/form';
import { ResourceTable } from '../../shared/table';
import { StatusTag } from '../../shared/StatusTag';
import { fieldKey } from '../../shared/devices';
import { useEndpointMutation, useEndpointQuery } from '../../shared/api/endpoints';
import { useUi } from '../../shared/ui';
import { CODE, DELIVERY_STATUS_MAP, EVENT_OPTIONS, EXTERNAL_SYSTEM_ROUTES, STATUS_OPTIONS } from './externalSystemModel';

function groups(t: (key: string) => string): DetailGroup<ExternalSystemRecord>[] {
  return [
    {
      titleKey: 'nav.allocation.externalSystem',
      items: [
        { field: 'name' },
        { field: 'merchantName' },
        { field: 'url' },
        { field: 'enabled', render: (r) => t(r.enabled ? 'common.yes' : 'common.no') },
        { field: 'deviceCount' },
        { field: 'createdAt' },
      ],
    },
  ];
}

/** The devices a system may see, by kind, and the form that changes them. */
function Devices({ system }: { system: ExternalSystemRecord }) {
  const { t } = useTranslation();
  const devices = useEndpointQuery(externalSystemApi.devices, { id: system.id });
  const [editing, setEditing] = useState(false);
  const list = devices.data;
  const kinds = ['cabinets', 'batteries', 'vehicles'] as const;
  return (
    <Card
      title={t('externalSystem.devicesTitle')}
      style={{ marginTop: 16 }}
      extra={
        <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
          {t('externalSystem.devices')}
        </Button>
      }
    >
      {list && kinds.every((kind) => list[kind].length === 0) ? (
        <p>{t('externalSystem.noDevices')}</p>
      ) : (
        kinds.map((kind) => (
          <p key={kind}>
            <strong>{t(fieldKey(kind))}: </strong>
            {list?.[kind].join(', ') || t('common.empty')}
          </p>
        ))
      )}
      <ResourceForm
        open={editing}
        mode="edit"
        title={t('externalSystem.devicesTitle')}
        schema={externalSystemDevices}
        width={560}
        fields={kinds.map((kind) => ({ name: kind, labelKey: fieldKey(kind), type: 'tags', helpKey: 'externalSystem.devicesHelp' }))}
        initialValues={list ?? {}}
        extraValues={{ id: system.id }}
        submit={externalSystemApi.setDevices}
        refresh={[externalSystemApi.setDevices, externalSystemApi.edit]}
        onClose={() => setEditing(false)}
      />
    </Card>
  );
}

/** Each attempt of one delivery, in a dialog that loads when a delivery is opened (docs/scaling.md, "Web bundle"). */
const Attempts = lazy(() => import('./DeliveryAttemptsModal'));

/** Deliveries to one system, newest first, searchable and exported. */
function DeliveryLog({ systemId }: { systemId: number }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<WebhookDeliveryRecord | null>(null);
  return (
    <Card title={t('externalSystem.log')} style={{ marginTop: 16 }}>
      <ResourceTable<WebhookDeliveryRecord, typeof externalSystemApi.deliveries>
        endpoints={{ search: externalSystemApi.deliveries, export: externalSystemApi.exportDeliveries }}
        filters={{ systemId }}
        rowKey="id"
        scrollX={1300}
        searchFields={[
          { name: 'eventType', labelKey: fieldKey('eventType'), type: 'select', options: EVENT_OPTIONS },
          { name: 'status', labelKey: fieldKey('status'), type: 'select', options: STATUS_OPTIONS },
          { name: 'deviceNumber', labelKey: fieldKey('deviceNumber') },
          { name: 'created', labelKey: fieldKey('createdAt'), type: 'dateRange' },
        ]}
        columns={[
          { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', sortable: true, width: 180 },
          { key: 'eventType', titleKey: fieldKey('eventType'), width: 150, render: (r) => t(`externalSystem.eventType.${r.eventType}`) },
          { key: 'deviceNumber', titleKey: fieldKey('deviceNumber'), width: 160, render: (r) => r.deviceNumber ?? t('common.empty') },
          {
            key: 'status',
            titleKey: fieldKey('status'),
            sortable: true,
            width: 130,
            render: (r) => <StatusTag value={r.status} map={DELIVERY_STATUS_MAP} />,
          },
          { key: 'attempts', titleKey: fieldKey('attempts'), sortable: true, align: 'right', width: 100 },
          { key: 'lastStatusCode', titleKey: fieldKey('lastStatusCode'), width: 130, render: (r) => r.lastStatusCode ?? t('common.empty') },
          { key: 'lastAnswer', titleKey: fieldKey('lastAnswer'), ellipsis: true },
          { key: 'nextAttemptAt', titleKey: fieldKey('nextAttemptAt'), kind: 'datetime', width: 180 },
        ]}
        rowActions={[{ key: 'attempts', labelKey: 'externalSystem.attempts', onClick: (r) => setShown(r) }]}
      />
      {shown && (
        <Suspense fallback={null}>
          <Attempts delivery={shown} onClose={() => setShown(null)} />
        </Suspense>
      )}
    </Card>
  );
}

/**
 * One external system: what it is, the devices it may see, "Send test event", and its delivery log.
 * @route /distribution/external-system/detail/:id
 */
export function ExternalSystemDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { message } = useUi();
  const sendTest = useEndpointMutation(externalSystemApi.sendTest, [externalSystemApi.deliveries]);
  return (
    <DetailFrame
      detail={useDetail(externalSystemApi.detail, id)}
      title={(system) => t('externalSystem.detailTitle', { name: system.name })}
      pageTitleKey="page.externalSystemDetail"
      back={EXTERNAL_SYSTEM_ROUTES.list}
      loadFailedKey="externalSystem.loadFailed"
      actions={[
        {
          key: 'test',
          code: `${CODE}.edit`,
          when: (system) => system.enabled,
          render: (system) => (
            <Button
              icon={<SendOutlined />}
              onClick={() => void sendTest({ id: system.id }).then(() => message.success(t('externalSystem.testQueued')))}
            >
              {t('externalSystem.sendTest')}
            </Button>
          ),
        },
      ]}
    >
      {(system) => (
        <>
          <DetailCards record={system} groups={groups(t)} fieldLabel={fieldKey} />
          <Devices system={system} />
          <DeliveryLog systemId={system.id} />
        </>
      )}
    </DetailFrame>
  );
}
