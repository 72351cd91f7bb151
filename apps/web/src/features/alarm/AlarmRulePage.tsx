import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CONDITION_PARAMETERS,
  alarmApi,
  alarmRuleAdd,
  alarmRuleEdit,
  type AlarmDeviceKind,
  type AlarmRuleAdd,
  type AlarmRuleRecord,
} from '@swap/contracts';
import { Can } from '../../shared/Can';
import { StatusTag } from '../../shared/StatusTag';
import { ResourceForm, type FormField } from '../../shared/form';
import { formatNumber } from '../../shared/format';
import { editAction, removeAction, ResourceTable } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { useTypeOptions } from '../device-registry';
import { KIND_OPTIONS, LEVEL_OPTIONS, LEVEL_STATUS, NOTIFICATION_OPTIONS, PARAMETER_OPTIONS, parameterOptions } from './alarmModel';

const CODE = 'alarmConfiguration.device';
type RuleField =
  | 'alarmKind'
  | 'deviceTypeId'
  | 'parameter'
  | 'rangeFrom'
  | 'rangeTo'
  | 'holdSeconds'
  | 'clearMargin'
  | 'level'
  | 'content'
  | 'notifications'
  | 'enabled';

const NEW_RULE: Partial<AlarmRuleAdd> = {
  holdSeconds: 0,
  clearMargin: 0,
  level: 'MEDIUM',
  notifications: ['IN_APP', 'HEADER'],
  enabled: true,
};

/**
 * System → Alarm configuration → Device alarms: what raises an alarm on a battery, cabinet or
 * vehicle (docs/alarms.md, "Rules").
 * @route /system/alarm/device
 */
export function AlarmRulePage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<AlarmRuleRecord | 'new' | null>(null);
  const adding = editing === 'new';
  const [kind, setKind] = useState<AlarmDeviceKind | undefined>(undefined);
  const [parameter, setParameter] = useState<string | undefined>(undefined);
  const types = useTypeOptions(kind ?? 'battery', kind !== undefined);
  const condition = parameter !== undefined && CONDITION_PARAMETERS.includes(parameter as never);
  const open = (rule: AlarmRuleRecord | 'new') => {
    setKind(rule === 'new' ? undefined : rule.alarmKind);
    setParameter(rule === 'new' ? undefined : rule.parameter);
    setEditing(rule);
  };
  const fields: FormField<RuleField>[] = [
    { name: 'alarmKind', labelKey: 'field.alarmKind', type: 'select', options: KIND_OPTIONS },
    { name: 'deviceTypeId', labelKey: 'field.deviceTypeId', type: 'select', options: types, helpKey: 'alarms.allTypes' },
    { name: 'parameter', labelKey: 'field.parameter', type: 'select', options: parameterOptions(kind) },
    ...(condition
      ? []
      : ([
          { name: 'rangeFrom', labelKey: 'field.rangeFrom', type: 'number' },
          { name: 'rangeTo', labelKey: 'field.rangeTo', type: 'number' },
          { name: 'clearMargin', labelKey: 'field.clearMargin', type: 'number', min: 0 },
        ] satisfies FormField<RuleField>[])),
    { name: 'holdSeconds', labelKey: 'field.holdSeconds', type: 'number', min: 0, max: 86_400, precision: 0 },
    { name: 'level', labelKey: 'field.level', type: 'select', options: LEVEL_OPTIONS },
    { name: 'content', labelKey: 'field.content', maxLength: 200 },
    { name: 'notifications', labelKey: 'field.notifications', type: 'select', multiple: true, options: NOTIFICATION_OPTIONS },
    { name: 'enabled', labelKey: 'field.enabled', type: 'switch' },
  ];
  const range = (r: AlarmRuleRecord) => {
    if (r.rangeFrom === null && r.rangeTo === null) return t('alarms.condition');
    const bound = (value: number | null) => (value === null ? t('alarms.rangeAny') : formatNumber(value));
    return `${bound(r.rangeFrom)} – ${bound(r.rangeTo)}`;
  };
  return (
    <>
      <TitleBar
        title={t('nav.alarmConfiguration.device')}
        operate={
          <Can code={`${CODE}.add`}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
              {t('alarms.addRule')}
            </Button>
          </Can>
        }
      />
      <ResourceTable<AlarmRuleRecord, typeof alarmApi.rules.search>
        endpoints={{ search: alarmApi.rules.search, export: alarmApi.rules.export }}
        exportFilename="alarm-rules"
        rowKey="id"
        scrollX={1300}
        searchFields={[
          { name: 'content', labelKey: 'field.content' },
          { name: 'alarmKind', labelKey: 'field.alarmKind', type: 'select', options: KIND_OPTIONS },
          { name: 'parameter', labelKey: 'field.parameter', type: 'select', options: PARAMETER_OPTIONS },
          { name: 'level', labelKey: 'field.level', type: 'select', options: LEVEL_OPTIONS },
        ]}
        columns={[
          { key: 'content', titleKey: 'field.content', width: 240 },
          { key: 'alarmKind', titleKey: 'field.alarmKind', width: 110, render: (r) => t(`alarm.kind.${r.alarmKind}`) },
          { key: 'deviceTypeName', titleKey: 'field.deviceTypeId', width: 150, render: (r) => r.deviceTypeName ?? t('alarms.allTypes') },
          { key: 'parameter', titleKey: 'field.parameter', sortable: true, width: 200, render: (r) => t(`alarm.parameter.${r.parameter}`) },
          { key: 'range', titleKey: 'alarms.range', width: 140, render: range },
          { key: 'holdSeconds', titleKey: 'field.holdSeconds', kind: 'number', width: 130 },
          {
            key: 'level',
            titleKey: 'field.level',
            sortable: true,
            width: 100,
            render: (r) => <StatusTag value={r.level} map={LEVEL_STATUS} />,
          },
          {
            key: 'notifications',
            titleKey: 'field.notifications',
            width: 220,
            render: (r) => r.notifications.map((n) => t(`alarm.notification.${n}`)).join(', '),
          },
          { key: 'enabled', titleKey: 'field.enabled', kind: 'boolean', width: 90 },
          { key: 'createdAt', titleKey: 'field.createdAt', kind: 'datetime', sortable: true, width: 180 },
        ]}
        rowActions={[editAction(CODE, open), removeAction(CODE, alarmApi.rules.remove, { confirmKey: 'alarms.confirmRemoveRule' })]}
      />
      <ResourceForm
        open={editing !== null}
        mode={adding ? 'add' : 'edit'}
        title={t(adding ? 'alarms.addRule' : 'alarms.editRule')}
        schema={(adding ? alarmRuleAdd : alarmRuleEdit) as typeof alarmRuleEdit}
        width={600}
        fields={fields}
        initialValues={editing && editing !== 'new' ? editing : NEW_RULE}
        extraValues={editing && editing !== 'new' ? { id: editing.id } : undefined}
        submit={adding ? alarmApi.rules.add : alarmApi.rules.edit}
        refresh={[alarmApi.rules.edit]}
        onValuesChange={(changed) => {
          if ('alarmKind' in changed) setKind(changed.alarmKind as AlarmDeviceKind);
          if ('parameter' in changed) setParameter(changed.parameter as string);
        }}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
