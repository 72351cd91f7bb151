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
import { CONDITION_OPTIONS } from './alarmModel';
import { RuleListFrame } from './RuleListFrame';

const CODE = 'alarmConfiguration.business';
type RuleField = 'businessCondition' | 'threshold' | 'windowMinutes';

const NEW_RULE: Partial<BusinessRuleAdd> = { businessCondition: 'swapFailures', threshold: 3, windowMinutes: 30 };

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

/** A business rule's own fields: its condition, the threshold as that condition means it, and a window unless it is a count of now. */
function useRuleFields(values: Partial<BusinessRuleAdd>): FormField<RuleField>[] {
  const condition = values.businessCondition ?? 'swapFailures';
  const windowed = condition !== 'noSwappableBattery';
  return [
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
  ];
}

/**
 * System → Alarm configuration → Business alarms: alarms over what the business records (failed
 * swaps at a cabinet, a station without a swappable battery, a cabinet's command failure rate;
 * docs/alarms.md, "Business rules").
 * @route /system/alarm/business
 */
export function BusinessRulePage() {
  const { t } = useTranslation();
  const describe = (r: BusinessRuleRecord) =>
    t(SUMMARY[r.businessCondition], { threshold: formatNumber(r.threshold), minutes: formatNumber(r.windowMinutes ?? 0) });
  return (
    <RuleListFrame<BusinessRuleRecord, typeof alarmApi.businessRules.search, typeof businessRuleEdit>
      code={CODE}
      words={{ add: 'alarms.addBusinessRule', edit: 'alarms.editBusinessRule', confirmRemove: 'alarms.confirmRemoveBusinessRule' }}
      api={alarmApi.businessRules}
      scrollX={1200}
      search={[{ name: 'businessCondition', labelKey: 'field.businessCondition', type: 'select', options: CONDITION_OPTIONS }]}
      columns={[
        {
          key: 'businessCondition',
          titleKey: 'field.businessCondition',
          width: 240,
          render: (r) => t(`alarm.parameter.${r.businessCondition}`),
        },
        { key: 'threshold', titleKey: 'field.threshold', width: 260, render: describe },
      ]}
      form={{ add: businessRuleAdd as typeof businessRuleEdit, edit: businessRuleEdit, useFields: useRuleFields, newRule: NEW_RULE }}
    />
  );
}
