import { useTranslation } from 'react-i18next';
import { alarmApi, alarmAssign, alarmAssigneeOptionsEndpoint, alarmHandle, type AlarmRecord } from '@swap/contracts';
import { endpointSource } from '../../shared/api/optionSources';
import { ResourceForm } from '../../shared/form';

/** What the lists refresh besides the alarm's own kind after it was handled. */
const REFRESH = [alarmApi.records.search, alarmApi.battery.search, alarmApi.cabinet.search, alarmApi.summary];

/** Acknowledge or clear an alarm with a comment, behind its kind's alarm edit action (the lists' and the detail pages'). */
export function AlarmHandleForm({
  alarm,
  action,
  open,
  onClose,
}: {
  alarm: AlarmRecord | null;
  action: 'acknowledge' | 'clear';
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ResourceForm
      open={open && alarm !== null}
      mode="edit"
      title={alarm ? t(action === 'acknowledge' ? 'alarms.acknowledgeTitle' : 'alarms.clearTitle', { device: alarm.deviceNumber }) : ''}
      schema={alarmHandle}
      width={480}
      fields={[{ name: 'comment', labelKey: 'field.comment', type: 'textarea', rows: 4, maxLength: 500 }]}
      initialValues={{ comment: '' }}
      extraValues={alarm ? { id: alarm.id } : undefined}
      submit={alarm ? alarmApi[alarm.alarmKind][action] : alarmApi.battery.acknowledge}
      refresh={REFRESH}
      onClose={onClose}
    />
  );
}

/** Assign an alarm to one of the accounts the server offers for it (or to nobody). */
export function AlarmAssignForm({ alarm, open, onClose }: { alarm: AlarmRecord | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ResourceForm
      open={open && alarm !== null}
      mode="edit"
      title={alarm ? t('alarms.assignTitle', { device: alarm.deviceNumber }) : ''}
      schema={alarmAssign}
      width={480}
      fields={[
        {
          name: 'assigneeId',
          labelKey: 'field.assigneeId',
          type: 'select',
          ...(alarm
            ? {
                source: endpointSource(alarmAssigneeOptionsEndpoint, (a) => ({ value: a.id, label: `${a.name} (${a.username})` }), {
                  alarmId: alarm.id,
                }),
              }
            : {}),
        },
      ]}
      initialValues={{ assigneeId: alarm?.assigneeId ?? null }}
      extraValues={alarm ? { id: alarm.id } : undefined}
      submit={alarm ? alarmApi[alarm.alarmKind].assign : alarmApi.battery.assign}
      refresh={REFRESH}
      onClose={onClose}
    />
  );
}
