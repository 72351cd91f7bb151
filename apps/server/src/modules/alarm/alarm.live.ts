import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gte } from 'drizzle-orm';
import {
  BUSINESS_SUBJECT_OF,
  alarmApi,
  alarmContentText,
  type AlarmLiveEvent,
  type AlarmRecord,
  type AlarmSummary,
  type BusinessCondition,
} from '@swap/contracts';
import { SENT, serve } from '../../app/route.js';
import type { Ctx } from '../../app/context.js';
import { eventStreams } from '../../app/event-stream.js';
import { readWhenPoked } from '../../app/read-when-poked.js';
import { alarmScope, alarmSummary } from './alarm.records.js';
import { alarms } from './alarm.table.js';
import type { AnnounceAlarm } from './alarm.change.js';

/** The device-hub channel a device's new alarm is announced on (relayed to the other servers like any change). */
export const ALARM_CHANNEL = 'alarm';
/**
 * Announces an alarm that opened or cleared on the device hub (relayed to the other servers): the
 * header streams read what is new, the screens counting alarms (dashboard, device pages) reload.
 */
export const alarmAnnouncer =
  (app: FastifyInstance): AnnounceAlarm =>
  (alarm) =>
    app.deviceHub.emitChange({ kind: alarm.kind, number: alarm.number, channel: ALARM_CHANNEL, merchantId: alarm.merchantId });

/**
 * An alarm acknowledged or cleared is announced on the device hub like a new one (relayed to the
 * other servers): the screens counting open alarms (the dashboard's figures, its fleet map) reload.
 * A business alarm is announced on its subject (a cabinet, or a station by its id), as when it opened. Answers the record.
 */
export function announceHandled(app: FastifyInstance, alarm: AlarmRecord): AlarmRecord {
  const station = alarm.alarmKind === 'business' && BUSINESS_SUBJECT_OF[alarm.parameter as BusinessCondition] === 'station';
  app.deviceHub.emitChange({
    kind: station ? 'station' : alarm.alarmKind === 'business' ? 'cabinet' : alarm.alarmKind,
    number: station ? String(alarm.deviceId) : alarm.deviceNumber,
    channel: ALARM_CHANNEL,
    merchantId: alarm.merchantId,
  });
  return alarm;
}

/** Open alarms the caller may see and the header tells, opened at or after `since`, oldest first. */
async function openedSince(ctx: Ctx, since: Date): Promise<(AlarmLiveEvent & { openedAt: Date })[]> {
  return ctx.db
    .select({
      id: alarms.id,
      alarmKind: alarms.alarmKind,
      deviceNumber: alarms.deviceNumber,
      level: alarms.level,
      content: alarms.content,
      openedAt: alarms.openedAt,
    })
    .from(alarms)
    .where(and(alarmScope(ctx), eq(alarms.alarmState, 'OPEN'), eq(alarms.header, true), gte(alarms.openedAt, since)))
    .orderBy(asc(alarms.openedAt))
    .limit(100)
    .then((rows) => rows.map((row) => ({ ...row, content: alarmContentText(row.content, ctx.lang) })));
}

/** How far back a read looks before the newest alarm it sent: alarms committed a little out of order are still found. */
const SLACK_MS = 5000;

/**
 * The headers' reads, one query for the streams that ask the same at once: the streams of one scope
 * (one merchant's staff, or platform staff) poked by the same announcement share their figures, and
 * their new alarms when they look from the same time in the same language. A read joins only a
 * query started after the last announcement (so that announcement's change is in it); a query is
 * forgotten once answered.
 */
function sharedReads(app: FastifyInstance): <T>(key: string, read: () => Promise<T>) => Promise<T> {
  let announcements = 0;
  let counting = false;
  const running = new Map<string, { after: number; answer: Promise<unknown> }>();
  return <T>(key: string, read: () => Promise<T>) => {
    // Counting starts with the first read: the device hub is there once the server runs, not
    // while the routes register.
    if (!counting) {
      counting = true;
      app.deviceHub.onChange((change) => {
        if (change.channel === ALARM_CHANNEL) announcements++;
      });
    }
    const joined = running.get(key);
    if (joined?.after === announcements) return joined.answer as Promise<T>;
    const answer = read();
    const entry = { after: announcements, answer };
    running.set(key, entry);
    const forget = () => {
      if (running.get(key) === entry) running.delete(key);
    };
    answer.then(forget, forget);
    return answer;
  };
}

/**
 * The header's stream (`GET /alarm/live`): an `alarm` event for each new alarm the account may see
 * (docs/alarms.md, "Live"). A device's new alarm is announced on the device hub; each stream then
 * reads the alarms newer than the last it sent within its own caller's scope, so another tenant's
 * account hears nothing of it. After each read, a `summary` event (the header's figures, as
 * `GET /alarm/summary` answers them) when they changed: an alarm cleared or acknowledged lowers
 * the bell's count.
 */
export function registerAlarmLive(app: FastifyInstance): void {
  const open = eventStreams(app);
  const shared = sharedReads(app);
  serve(app, alarmApi.live, ({ ctx, req, reply }) => {
    // An alarm opens when its hold ends (its row may be older): the stream follows opening times.
    let since = new Date();
    const sent = new Map<number, number>();
    let told: AlarmSummary | undefined;
    const stream = open(req, reply, {});
    const read = readWhenPoked(async () => {
      if (stream.closed) return;
      try {
        const scope = ctx.principal.merchantId ?? 'platform';
        const from = since;
        const found = await shared(`opened ${scope} ${ctx.lang} ${from.getTime()}`, () => openedSince(ctx, from));
        if (stream.closed) return;
        for (const { openedAt, ...alarm } of found) {
          if (sent.has(alarm.id)) continue;
          sent.set(alarm.id, openedAt.getTime());
          stream.send('alarm', alarm satisfies AlarmLiveEvent);
        }
        const newest = Math.max(since.getTime(), ...sent.values());
        since = new Date(Math.max(since.getTime(), newest - SLACK_MS));
        for (const [id, at] of sent) if (at < since.getTime()) sent.delete(id);
        // The bell's count follows what was cleared or acknowledged too, by anyone on any server.
        const summary = await shared(`figures ${scope}`, () => alarmSummary(ctx));
        if (stream.closed || (summary.open === told?.open && summary.high === told.high)) return;
        told = summary;
        stream.send('summary', summary satisfies AlarmSummary);
      } catch {
        // The database did not answer this time: the next announcement reads again from the same time.
      }
    });
    const unsubscribe = app.deviceHub.onChange((change) => {
      if (change.channel !== ALARM_CHANNEL || stream.closed) return;
      // Another merchant's alarm changes nothing this account sees.
      const own = ctx.principal.merchantId;
      if (own !== null && change.merchantId !== undefined && change.merchantId !== own) return;
      read();
    });
    stream.onClose(() => {
      unsubscribe();
      read.stop();
    });
    // The figures at once: a stream opened again (a lost connection, a restarted server) puts the bell right.
    read();
    return Promise.resolve(SENT);
  });
}
