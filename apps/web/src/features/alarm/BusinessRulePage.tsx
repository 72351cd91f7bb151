import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  alarmApi,
  businessRuleAdd,
  businessRuleEdit,
  type BusinessCondition,
  type BusinessRuleAdd,
  type BusinessRuleRecord,
} from '@swap/contracts';
import type { FormField } from '../../shared/form';
import { formatNumber } from '../../shared/format';
import { CONDITION_OPTIONS, LEVEL_OPTIONS, NOTIFICATION_OPTIONS } from './alarmModel';
import { RuleListFrame } from './RuleListFrame';

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
  const [condition, setCondition] = useState<BusinessCondition>('swapFailures');
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
    <RuleListFrame<BusinessRuleRecord, typeof alarmApi.businessRules.search, typeof businessRuleEdit>
      code={CODE}
      titleKey="nav.alarmConfiguration.business"
      words={{ add: 'alarms.addBusinessRule', edit: 'alarms.editBusinessRule', confirmRemove: 'alarms.confirmRemoveBusinessRule' }}
      api={alarmApi.businessRules}
      exportFilename="business-alarm-rules"
      scrollX={1200}
      search={[
        { name: 'businessCondition', labelKey: 'field.businessCondition', type: 'select', options: CONDITION_OPTIONS },
        { name: 'level', labelKey: 'field.level', type: 'select', options: LEVEL_OPTIONS },
      ]}
      columns={[
        {
          key: 'businessCondition',
          titleKey: 'field.businessCondition',
          width: 240,
          render: (r) => t(`alarm.parameter.${r.businessCondition}`),
        },
        { key: 'threshold', titleKey: 'field.threshold', width: 260, render: describe },
      ]}
      form={{
        add: businessRuleAdd as typeof businessRuleEdit,
        edit: businessRuleEdit,
        fields,
        newRule: NEW_RULE,
        onValuesChange: (changed) => {
          if ('businessCondition' in changed) setCondition(changed.businessCondition as BusinessCondition);
        },
      }}
      onOpen={(rule) => setCondition(rule === 'new' ? 'swapFailures' : rule.businessCondition)}
    />
  );
}
