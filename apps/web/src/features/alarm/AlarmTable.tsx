import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BUSINESS_SUBJECT_OF,
  alarmApi,
  alarmRuleOptionsEndpoint,
  businessRuleOptionsEndpoint,
  type AlarmRecord,
  type BusinessCondition,
} from '@swap/contracts';
import { endpointSource } from '../../shared/api/optionSources';
import { StatusTag } from '../../shared/StatusTag';
import { useAllowed } from '../../shared/permissions';
import { formatNumber } from '../../shared/format';
import { deviceDetailPath } from '../../shared/deviceLinks';
import { ResourceTable, type ResourceColumn, type RowAction, type SearchField, type SearchOption } from '../../shared/table';
import { AlarmAssignForm, AlarmHandleForm } from './AlarmHandleForms';
import { AlarmLiveValues } from './AlarmLiveValues';
import {
  ALARM_DETAIL_CODE,
  alarmDetailPath,
  RECORD_KIND_OPTIONS,
  LEVEL_OPTIONS,
  LEVEL_STATUS,
  STATE_OPTIONS,
  STATE_STATUS,
} from './alarmModel';

type Kind = AlarmRecord['alarmKind'];
type Handling = { alarm: AlarmRecord; action: 'acknowledge' | 'clear' } | null;

const KINDS: Kind[] = ['battery', 'cabinet', 'vehicle', 'business'];
const YES_NO: SearchOption[] = [
  { value: true, labelKey: 'common.yes' },
  { value: false, labelKey: 'common.no' },
];
const EDIT_CODE: Record<Kind, string> = {
  battery: 'alarm.battery.edit',
  cabinet: 'alarm.cabinet.edit',
  vehicle: 'alarm.vehicle.edit',
  business: 'alarm.records.edit',
};

/** The device an alarm names, or a business alarm's cabinet; a business alarm's station is named only. */
function subjectPath(alarm: AlarmRecord): string | null {
  if (alarm.alarmKind !== 'business') return deviceDetailPath(alarm.alarmKind, alarm.deviceId);
  return BUSINESS_SUBJECT_OF[alarm.parameter as BusinessCondition] === 'cabinet' ? deviceDetailPath('cabinet', alarm.deviceId) : null;
}

/**
 * Alarm records, of every kind (`kind` absent) or of one kind with its devices' live readings:
 * filters, and acknowledge or clear with a comment behind the kind's alarm edit action.
 */
export function AlarmTable({ kind }: { kind?: 'battery' | 'cabinet' }) {
  const { t } = useTranslation();
  const allowed = useAllowed();
  const [handling, setHandling] = useState<Handling>(null);
  // The assignee picker offers whom the server lets this caller name for this alarm.
  const [assigning, setAssigning] = useState<AlarmRecord | null>(null);
  const endpoints = kind ? { search: alarmApi[kind].search } : { search: alarmApi.records.search, export: alarmApi.records.export };
  const searchFields: SearchField[] = [
    { name: 'deviceNumber', labelKey: 'field.deviceNumber' },
    ...(kind
      ? []
      : [{ name: 'alarmKind', labelKey: 'field.alarmKind', type: 'select', options: RECORD_KIND_OPTIONS } satisfies SearchField]),
    // The rules whose alarms the caller sees, searched on the server by their content.
    {
      name: 'ruleId',
      labelKey: 'field.ruleId',
      type: 'select',
      source: endpointSource(alarmRuleOptionsEndpoint, (r) => ({ value: r.id, label: r.content }), kind ? { alarmKind: kind } : {}),
    },
    ...(kind
      ? []
      : [
          {
            name: 'businessRuleId',
            labelKey: 'field.businessRuleId',
            type: 'select',
            source: endpointSource(businessRuleOptionsEndpoint, (r) => ({ value: r.id, label: r.content })),
          } satisfies SearchField,
        ]),
    { name: 'level', labelKey: 'field.level', type: 'select', options: LEVEL_OPTIONS },
    { name: 'alarmState', labelKey: 'field.alarmState', type: 'select', options: STATE_OPTIONS },
    // Told in the header: with state Open, the alarms the header's bell counts (its click opens them).
    { name: 'header', labelKey: 'field.header', type: 'select', options: YES_NO },
    { name: 'opened', labelKey: 'field.openedAt', type: 'dateRange' },
  ];
  const columns: ResourceColumn<AlarmRecord>[] = [
    { key: 'openedAt', titleKey: 'field.openedAt', kind: 'datetime', sortable: true, width: 180 },
    ...(kind
      ? []
      : [{ key: 'alarmKind', titleKey: 'field.alarmKind', width: 100, render: (r: AlarmRecord) => t(`alarm.kind.${r.alarmKind}`) }]),
    {
      key: 'deviceNumber',
      titleKey: 'field.deviceNumber',
      sortable: true,
      width: 150,
      render: (r) => {
        const path = subjectPath(r);
        // A door or compartment alarm names its compartment.
        const where = r.compartment === null ? '' : ` · ${t('field.compartment')} ${r.compartment}`;
        return path ? (
          <>
            <Link to={path}>{r.deviceNumber}</Link>
            {where}
          </>
        ) : (
          `${r.deviceNumber}${where}`
        );
      },
    },
    {
      key: 'content',
      titleKey: 'field.content',
      width: 240,
      render: (r) => {
        const text = r.detail ? `${r.content} (${r.detail})` : r.content;
        // A battery's or cabinet's alarm opens its own page, for those who hold that kind's alarm screen.
        const kindOf = r.alarmKind === 'battery' || r.alarmKind === 'cabinet' ? r.alarmKind : null;
        return kindOf && allowed({ code: ALARM_DETAIL_CODE[kindOf] }) ? <Link to={alarmDetailPath(kindOf, r.id)}>{text}</Link> : text;
      },
    },
    { key: 'level', titleKey: 'field.level', sortable: true, width: 100, render: (r) => <StatusTag value={r.level} map={LEVEL_STATUS} /> },
    { key: 'alarmState', titleKey: 'field.alarmState', width: 130, render: (r) => <StatusTag value={r.alarmState} map={STATE_STATUS} /> },
    { key: 'value', titleKey: 'field.value', width: 90, render: (r) => (r.value === null ? '' : formatNumber(r.value)) },
    ...(kind
      ? [{ key: 'live', titleKey: 'alarms.liveValues', width: 260, render: (r: AlarmRecord) => <AlarmLiveValues alarm={r} /> }]
      : []),
    { key: 'lastSeenAt', titleKey: 'field.lastSeenAt', kind: 'datetime', sortable: true, width: 180 },
    { key: 'clearedAt', titleKey: 'field.clearedAt', kind: 'datetime', width: 180 },
    { key: 'assigneeName', titleKey: 'field.assigneeId', width: 140 },
    { key: 'comment', titleKey: 'field.comment', ellipsis: true },
  ];
  const actions: RowAction<AlarmRecord>[] = KINDS.filter((each) => !kind || each === kind).flatMap((each) => [
    {
      key: `acknowledge-${each}`,
      labelKey: 'alarms.acknowledge',
      code: EDIT_CODE[each],
      hidden: (r: AlarmRecord) => r.alarmKind !== each || r.alarmState !== 'OPEN',
      onClick: (r: AlarmRecord) => setHandling({ alarm: r, action: 'acknowledge' }),
    },
    {
      key: `clear-${each}`,
      labelKey: 'alarms.clear',
      code: EDIT_CODE[each],
      hidden: (r: AlarmRecord) => r.alarmKind !== each || r.alarmState === 'CLEARED',
      onClick: (r: AlarmRecord) => setHandling({ alarm: r, action: 'clear' }),
    },
    {
      key: `assign-${each}`,
      labelKey: 'alarms.assign',
      code: EDIT_CODE[each],
      hidden: (r: AlarmRecord) => r.alarmKind !== each || r.alarmState === 'CLEARED',
      onClick: (r: AlarmRecord) => setAssigning(r),
    },
  ]);
  return (
    <>
      <ResourceTable<AlarmRecord>
        endpoints={endpoints}
        rowKey="id"
        scrollX={1900}
        searchFields={searchFields}
        columns={columns}
        rowActions={actions}
      />
      <AlarmHandleForm
        alarm={handling?.alarm ?? null}
        action={handling?.action ?? 'acknowledge'}
        open={handling !== null}
        onClose={() => setHandling(null)}
      />
      <AlarmAssignForm alarm={assigning} open={assigning !== null} onClose={() => setAssigning(null)} />
    </>
  );
}
