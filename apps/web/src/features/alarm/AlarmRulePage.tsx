import { useTranslation } from 'react-i18next';
import { CONDITION_PARAMETERS, alarmApi, alarmRuleAdd, alarmRuleEdit, type AlarmRuleAdd, type AlarmRuleRecord } from '@swap/contracts';
import type { FormField } from '../../shared/form';
import { formatNumber } from '../../shared/format';
import { useTypeOptions } from '../device-registry';
import { KIND_OPTIONS, PARAMETER_OPTIONS, parameterOptions } from './alarmModel';
import { RuleListFrame } from './RuleListFrame';

const CODE = 'alarmConfiguration.device';
type RuleField = 'alarmKind' | 'deviceTypeId' | 'parameter' | 'rangeFrom' | 'rangeTo' | 'holdSeconds' | 'clearMargin';

const NEW_RULE: Partial<AlarmRuleAdd> = { holdSeconds: 0, clearMargin: 0 };

/**
 * A device rule's own fields: the device types of the chosen kind, its parameters, and a range
 * unless the parameter is a condition (a fault flag) that holds or not.
 */
function useRuleFields(values: Partial<AlarmRuleAdd>): FormField<RuleField>[] {
  const kind = values.alarmKind;
  const types = useTypeOptions(kind ?? 'battery', kind !== undefined);
  const condition = values.parameter !== undefined && CONDITION_PARAMETERS.includes(values.parameter);
  return [
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
  ];
}

/**
 * System → Alarm configuration → Device alarms: what raises an alarm on a battery, cabinet or
 * vehicle (docs/alarms.md, "Rules").
 * @route /system/alarm/device
 */
export function AlarmRulePage() {
  const { t } = useTranslation();
  const range = (r: AlarmRuleRecord) => {
    if (r.rangeFrom === null && r.rangeTo === null) return t('alarms.condition');
    const bound = (value: number | null) => (value === null ? t('alarms.rangeAny') : formatNumber(value));
    return `${bound(r.rangeFrom)} – ${bound(r.rangeTo)}`;
  };
  return (
    <RuleListFrame<AlarmRuleRecord, typeof alarmApi.rules.search, typeof alarmRuleEdit>
      code={CODE}
      words={{ add: 'alarms.addRule', edit: 'alarms.editRule', confirmRemove: 'alarms.confirmRemoveRule' }}
      api={alarmApi.rules}
      scrollX={1300}
      search={[
        { name: 'alarmKind', labelKey: 'field.alarmKind', type: 'select', options: KIND_OPTIONS },
        { name: 'parameter', labelKey: 'field.parameter', type: 'select', options: PARAMETER_OPTIONS },
      ]}
      columns={[
        { key: 'alarmKind', titleKey: 'field.alarmKind', width: 110, render: (r) => t(`alarm.kind.${r.alarmKind}`) },
        { key: 'deviceTypeName', titleKey: 'field.deviceTypeId', width: 150, render: (r) => r.deviceTypeName ?? t('alarms.allTypes') },
        { key: 'parameter', titleKey: 'field.parameter', sortable: true, width: 200, render: (r) => t(`alarm.parameter.${r.parameter}`) },
        { key: 'range', titleKey: 'alarms.range', width: 140, render: range },
        { key: 'holdSeconds', titleKey: 'field.holdSeconds', kind: 'number', width: 130 },
      ]}
      form={{ add: alarmRuleAdd as typeof alarmRuleEdit, edit: alarmRuleEdit, useFields: useRuleFields, newRule: NEW_RULE }}
    />
  );
}
