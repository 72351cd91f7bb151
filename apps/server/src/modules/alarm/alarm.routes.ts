import type { FastifyInstance } from 'fastify';
import type { WebhookConfig } from '../../app/config.js';
import type { JobHandlers } from '../job/index.js';
import { handleAlarmWebhooks, useAlarmWebhookSettings } from './alarm.webhook.js';
import {
  alarmApi,
  alarmAssigneeOptionsEndpoint,
  alarmRuleOptionsEndpoint,
  businessRuleOptionsEndpoint,
  type AlarmRuleRecord,
  type BusinessRuleRecord,
} from '@swap/contracts';
import { serve } from '../../app/route.js';
import { editLevel, levelRecords, ruleList, rules } from './alarm.config.js';
import { fieldColumns } from '../../app/csv.js';
import {
  ALARM_CSV,
  acknowledgeAlarm,
  alarmAssignees,
  alarmList,
  alarmSummary,
  assignAlarm,
  batteryAlarmList,
  cabinetAlarmList,
  clearAlarm,
} from './alarm.records.js';
import { alarmAnnouncer, announceHandled, registerAlarmLive } from './alarm.live.js';
import { businessRuleList, businessRules } from './alarm.business.js';
import { alarmDetail } from './alarm.detail.js';
import { alarmRuleOptions, businessRuleOptions } from './alarm.options.js';

const RULE_CSV = fieldColumns<AlarmRuleRecord>(
  [
    'id',
    'alarmKind',
    'deviceTypeName',
    'parameter',
    'rangeFrom',
    'rangeTo',
    'holdSeconds',
    'clearMargin',
    'level',
    'content',
    'enabled',
    'createdAt',
  ],
  { alarmKind: 'alarm.kind', parameter: 'alarm.parameter', level: 'alarm.level', createdAt: 'time' },
);

const BUSINESS_RULE_CSV = fieldColumns<BusinessRuleRecord>(
  ['id', 'businessCondition', 'threshold', 'windowMinutes', 'level', 'content', 'enabled', 'createdAt'],
  { businessCondition: 'alarm.parameter', level: 'alarm.level', createdAt: 'time' },
);

/** System → Alarm configuration, and the alarm screens of the product centre (docs/alarms.md). */
export function registerAlarmRoutes(app: FastifyInstance, options: { webhooks: WebhookConfig; jobs: JobHandlers }): void {
  // The levels' webhooks go out through the job queue, checked and sent as the external systems' are.
  useAlarmWebhookSettings(options.webhooks);
  handleAlarmWebhooks(options.jobs);
  serve(app, alarmApi.levels, async ({ ctx }) => {
    const records = await levelRecords(ctx.db);
    return { records, total: records.length, current: 1, size: records.length, pages: 1 };
  });
  serve(app, alarmApi.levelChoices, ({ ctx }) => levelRecords(ctx.db));
  serve(app, alarmApi.editLevel, ({ input, ctx }) => editLevel(ctx, input));

  serve(app, alarmApi.rules.search, ({ input, ctx }) => ruleList.search(ctx, input));
  serve(app, alarmApi.rules.add, ({ input, ctx }) => rules.add(ctx, input));
  // A rule retired by its change clears its alarms, one reworded rewords them: announced on the live streams as any clear.
  serve(app, alarmApi.rules.edit, ({ input, ctx }) => rules.edit(ctx, input, alarmAnnouncer(app)));
  serve(app, alarmApi.rules.remove, ({ input, ctx }) => rules.remove(ctx, input.id, alarmAnnouncer(app)));
  serve(app, alarmApi.rules.export, ({ input, ctx, reply }) =>
    ruleList.sendExport(reply, ctx, input, { filename: 'alarm-rules.csv', columns: RULE_CSV }),
  );

  serve(app, alarmApi.businessRules.search, ({ input, ctx }) => businessRuleList.search(ctx, input));
  serve(app, alarmApi.businessRules.add, ({ input, ctx }) => businessRules.add(ctx, input));
  serve(app, alarmApi.businessRules.edit, ({ input, ctx }) => businessRules.edit(ctx, input, alarmAnnouncer(app)));
  serve(app, alarmApi.businessRules.remove, ({ input, ctx }) => businessRules.remove(ctx, input.id, alarmAnnouncer(app)));
  serve(app, alarmApi.businessRules.export, ({ input, ctx, reply }) =>
    businessRuleList.sendExport(reply, ctx, input, { filename: 'business-alarm-rules.csv', columns: BUSINESS_RULE_CSV }),
  );

  serve(app, alarmApi.records.search, ({ input, ctx }) => alarmList.search(ctx, input));
  serve(app, alarmApi.records.export, ({ input, ctx, reply }) =>
    alarmList.sendExport(reply, ctx, input, { filename: 'alarms.csv', columns: ALARM_CSV }),
  );
  serve(app, alarmApi.battery.search, ({ input, ctx }) => batteryAlarmList.search(ctx, input));
  serve(app, alarmApi.cabinet.search, ({ input, ctx }) => cabinetAlarmList.search(ctx, input));
  serve(app, alarmApi.battery.detail, ({ input, ctx }) => alarmDetail(ctx, 'battery', input.id));
  serve(app, alarmApi.cabinet.detail, ({ input, ctx }) => alarmDetail(ctx, 'cabinet', input.id));
  for (const kind of ['battery', 'cabinet', 'vehicle', 'business'] as const) {
    serve(app, alarmApi[kind].acknowledge, async ({ input, ctx }) => announceHandled(app, await acknowledgeAlarm(ctx, kind, input)));
    serve(app, alarmApi[kind].clear, async ({ input, ctx }) => announceHandled(app, await clearAlarm(ctx, kind, input)));
    serve(app, alarmApi[kind].assign, ({ input, ctx }) => assignAlarm(ctx, kind, input));
  }
  serve(app, alarmApi.summary, ({ ctx }) => alarmSummary(ctx));
  serve(app, alarmAssigneeOptionsEndpoint, ({ input, ctx }) => alarmAssignees(ctx, input));
  serve(app, alarmRuleOptionsEndpoint, ({ input, ctx }) => alarmRuleOptions(ctx, input));
  serve(app, businessRuleOptionsEndpoint, ({ input, ctx }) => businessRuleOptions(ctx, input));
  registerAlarmLive(app);
}
