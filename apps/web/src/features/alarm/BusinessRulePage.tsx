import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  alarmApi,
  businessRuleAdd,
  businessRuleEdit,
  type BusinessCondition,
  type BusinessRuleAdd,
  type BusinessRuleRecord,
} from '@swap/contracts';
import { Can } from '../../shared/Can';
import { StatusTag } from '../../shared/StatusTag';
import { ResourceForm, type FormField } from '../../shared/form';
import { formatNumber } from '../../shared/format';
import { editAction, removeAction, ResourceTable } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { CONDITION_OPTIONS, LEVEL_OPTIONS, LEVEL_STATUS, NOTIFICATION_OPTIONS } from './alarmModel';

const CODE = 'alarmConfiguration.business';
type RuleField = 'businessCondition' | 'threshold' | 'windowMinutes' | 'level' | 'content' | 'notifications' | 'enabled';

const NEW_RULE: Partial<BusinessRuleAdd> = {
  businessCondition: 'swapFailures',
  threshold: 3,
  windowMinutes: 30,
  level: 'MEDIUM',
  notifications: ['IN_APP', 'HEADER'],
  enabled: true,
};

/** What the threshold means for each condition: failed swaps (at least), batteries (at most), percent (at least). */
const THRESHOLD_HELP: Record<BusinessCondition, string> = {
  swapFailures: 'alarms.thresholdSwapFailures',
  noSwappableBattery: 'alarms.thresholdSwappable',
  commandFailureRate: 'alarms.thresholdRate',
};

/** A rule's threshold and window in a few words, for its row. */
const SUMMARY: Record<BusinessCondition, string> = {
  swapFailures: 'alarms.summarySwapFailures',
  noSwappableBattery: 'alarms.summarySwappable',
  commandFailureRate: 'alarms.summaryRate',
};

/**
 * System → Alarm configuration → Business alarms: alarms over what the business records (failed
 * swaps at a cabinet, a station without a swappable battery, a cabinet's command failure rate;
 * docs/alarms.md, "Business rules").
 * @route /system/alarm/business
 */
export function BusinessRulePage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<BusinessRuleRecord | 'new' | null>(null);
  const adding = editing === 'new';
  const [condition, setCondition] = useState<BusinessCondition>('swapFailures');
  const open = (rule: BusinessRuleRecord | 'new') => {
    setCondition(rule === 'new' ? 'swapFailures' : rule.businessCondition);
    setEditing(rule);
  };
  const windowed = condition !== 'noSwappableBattery';
  const fields: FormField<RuleField>[] = [
    { name: 'businessCondition', labelKey: 'field.businessCondition', type: 'select', options: CONDITION_OPTIONS },
    {
      name: 'threshold',
      labelKey: 'field.threshold',
      type: 'number',
      min: 0,
      max: 10_000,
      precision: 0,
      helpKey: THRESHOLD_HELP[condition],
    },
    ...(windowed
      ? ([
          { name: 'windowMinutes', labelKey: 'field.windowMinutes', type: 'number', min: 1, max: 10_080, precision: 0 },
        ] satisfies FormField<RuleField>[])
      : []),
    { name: 'level', labelKey: 'field.level', type: 'select', options: LEVEL_OPTIONS },
    { name: 'content', labelKey: 'field.content', maxLength: 200 },
    { name: 'notifications', labelKey: 'field.notifications', type: 'select', multiple: true, options: NOTIFICATION_OPTIONS },
    { name: 'enabled', labelKey: 'field.enabled', type: 'switch' },
  ];
  const describe = (r: BusinessRuleRecord) =>
    t(SUMMARY[r.businessCondition], { threshold: formatNumber(r.threshold), minutes: formatNumber(r.windowMinutes ?? 0) });
  return (
    <>
      <TitleBar
        title={t('nav.alarmConfiguration.business')}
        operate={
          <Can code={`${CODE}.add`}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
              {t('alarms.addBusinessRule')}
            </Button>
          </Can>
        }
      />
      <ResourceTable<BusinessRuleRecord, typeof alarmApi.businessRules.search>
        endpoints={{ search: alarmApi.businessRules.search, export: alarmApi.businessRules.export }}
        exportFilename="business-alarm-rules"
        rowKey="id"
        scrollX={1200}
        searchFields={[
          { name: 'content', labelKey: 'field.content' },
          { name: 'businessCondition', labelKey: 'field.businessCondition', type: 'select', options: CONDITION_OPTIONS },
          { name: 'level', labelKey: 'field.level', type: 'select', options: LEVEL_OPTIONS },
        ]}
        columns={[
          { key: 'content', titleKey: 'field.content', width: 240 },
          {
            key: 'businessCondition',
            titleKey: 'field.businessCondition',
            width: 240,
            render: (r) => t(`alarm.parameter.${r.businessCondition}`),
          },
          { key: 'threshold', titleKey: 'field.threshold', width: 260, render: describe },
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
        rowActions={[
          editAction(CODE, open),
          removeAction(CODE, alarmApi.businessRules.remove, { confirmKey: 'alarms.confirmRemoveBusinessRule' }),
        ]}
      />
      <ResourceForm
        open={editing !== null}
        mode={adding ? 'add' : 'edit'}
        title={t(adding ? 'alarms.addBusinessRule' : 'alarms.editBusinessRule')}
        schema={(adding ? businessRuleAdd : businessRuleEdit) as typeof businessRuleEdit}
        width={600}
        fields={fields}
        initialValues={editing && editing !== 'new' ? editing : NEW_RULE}
        extraValues={editing && editing !== 'new' ? { id: editing.id } : undefined}
        submit={adding ? alarmApi.businessRules.add : alarmApi.businessRules.edit}
        refresh={[alarmApi.businessRules.edit]}
        onValuesChange={(changed) => {
          if ('businessCondition' in changed) setCondition(changed.businessCondition as BusinessCondition);
        }}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
