import { Card, Flex, Timeline, Typography } from 'antd';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AlarmDetail, AlarmHistoryEntry } from '@swap/contracts';
import { DetailCards, DetailFrame, lazyDrawer, type DetailAction, type DetailGroup } from '../../shared/detail';
import { deviceDetailPath } from '../../shared/deviceLinks';
import { formatDateTime } from '../../shared/format';
import { AlarmLiveValues } from './AlarmLiveValues';
import { LEVEL_STATUS, STATE_STATUS, alarmListPath, type DetailKind } from './alarmModel';
import { useAlarmDetail } from './useAlarmDetail';

const HandleForm = lazyDrawer(() => import('./AlarmHandleForms').then((m) => m.AlarmHandleForm));
const AssignForm = lazyDrawer(() => import('./AlarmHandleForms').then((m) => m.AlarmAssignForm));

type T = (key: string, values?: Record<string, unknown>) => string;

function groups(t: T): DetailGroup<AlarmDetail>[] {
  return [
    {
      titleKey: 'alarms.group.alarm',
      items: [
        {
          field: 'deviceNumber',
          render: (r) => (
            <>
              <Link to={deviceDetailPath(r.alarmKind === 'cabinet' ? 'cabinet' : 'battery', r.deviceId)}>{r.deviceNumber}</Link>
              {r.compartment === null ? '' : ` · ${t('field.compartment')} ${r.compartment}`}
            </>
          ),
        },
        { field: 'content', render: (r) => (r.detail ? `${r.content} (${r.detail})` : r.content) },
        { field: 'parameter', render: (r) => t(`alarm.parameter.${r.parameter}`) },
        { field: 'level', map: LEVEL_STATUS },
        { field: 'alarmState', map: STATE_STATUS },
        { field: 'value' },
        { field: 'openedAt' },
        { field: 'lastSeenAt' },
        { field: 'clearedAt' },
      ],
    },
    {
      titleKey: 'alarms.group.handling',
      items: [
        { field: 'assigneeName', labelKey: 'field.assigneeId' },
        { field: 'comment', span: 2 },
        { field: 'live', labelKey: 'alarms.liveValues', span: 3, render: (r) => <AlarmLiveValues alarm={r} /> },
      ],
    },
  ];
}

/** What one step of the history says, in the reader's words. */
function stepText(t: T, step: AlarmHistoryEntry): string {
  const name = step.by ?? '';
  switch (step.event) {
    case 'opened':
      return t('alarms.history.opened');
    case 'acknowledged':
      return t('alarms.history.acknowledged', { name });
    case 'assigned':
      return step.assigneeName === null
        ? t('alarms.history.unassigned', { name })
        : t('alarms.history.assigned', { name, assignee: step.assigneeName });
    case 'cleared':
      return step.by === null ? t('alarms.history.clearedItself') : t('alarms.history.cleared', { name });
  }
}

/** The alarm's history, oldest first: raised, acknowledged, assigned, cleared, with who and when. */
function HistoryCard({ alarm }: { alarm: AlarmDetail }) {
  const { t } = useTranslation();
  const colour: Record<AlarmHistoryEntry['event'], string> = { opened: 'red', acknowledged: 'orange', assigned: 'blue', cleared: 'green' };
  return (
    <Card title={t('alarms.historyTitle')}>
      <Timeline
        items={alarm.history.map((step, index) => ({
          key: index,
          color: colour[step.event],
          children: (
            <div data-event={step.event}>
              <div>{stepText(t, step)}</div>
              <Typography.Text type="secondary">{formatDateTime(step.at)}</Typography.Text>
              {step.comment ? <div>“{step.comment}”</div> : null}
            </div>
          ),
        }))}
      />
    </Card>
  );
}

/**
 * One battery's or cabinet's alarm (`?id=`): the alarm, the device's live readings, its history,
 * and acknowledge, clear and assign for holders of the kind's alarm edit action.
 * @route /product/device/battery/detail
 * @route /product/device/cabinet/detail
 */
export function AlarmDetailPage() {
  const { t } = useTranslation();
  const kind: DetailKind = useLocation().pathname.startsWith('/product/device/cabinet/') ? 'cabinet' : 'battery';
  const [params] = useSearchParams();
  const code = `alarm.${kind}.edit`;
  const actions: DetailAction<AlarmDetail>[] = [
    { key: 'acknowledge', code, labelKey: 'alarms.acknowledge', opens: 'acknowledge', when: (r) => r.alarmState === 'OPEN' },
    { key: 'clear', code, labelKey: 'alarms.clear', opens: 'clear', when: (r) => r.alarmState !== 'CLEARED' },
    { key: 'assign', code, labelKey: 'alarms.assign', opens: 'assign', when: (r) => r.alarmState !== 'CLEARED' },
  ];
  return (
    <DetailFrame
      detail={useAlarmDetail(kind, params.get('id') ?? undefined)}
      title={(alarm) => t('alarms.detailTitle', { content: alarm.content, device: alarm.deviceNumber })}
      pageTitleKey={kind === 'cabinet' ? 'page.cabinetAlarmDetail' : 'page.batteryAlarmDetail'}
      back={alarmListPath(kind)}
      loadFailedKey="alarms.loadFailed"
      actions={actions}
      drawers={{
        acknowledge: ({ record, open, close }) => <HandleForm alarm={record} action="acknowledge" open={open} onClose={close} />,
        clear: ({ record, open, close }) => <HandleForm alarm={record} action="clear" open={open} onClose={close} />,
        assign: ({ record, open, close }) => <AssignForm alarm={record} open={open} onClose={close} />,
      }}
    >
      {(alarm) => (
        <Flex vertical gap={16}>
          <DetailCards record={alarm} groups={groups(t)} fieldLabel={(field) => `field.${field}`} />
          <HistoryCard alarm={alarm} />
        </Flex>
      )}
    </DetailFrame>
  );
}
