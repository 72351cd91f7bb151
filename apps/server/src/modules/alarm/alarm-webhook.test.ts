import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  WEBHOOK_EVENT_HEADER,
  alarmApi,
  endpointUrl,
  type AlarmLevelEdit,
  type AlarmRuleAdd,
  type AlarmWebhookBody,
} from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createDeviceTypes, createDevices, createMerchant, platformAdmin } from '../../test/factories.js';
import { WebhookReceiver, signedWith } from '../../test/webhook-receiver.js';
import { eventually } from '../../test/eventually.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { jobs } from '../job/job.table.js';
import { applySwapEvent } from '../swap/index.js';
import { evaluateBusinessAlarms } from './alarm.business.js';
import { evaluateAlarms, forgetRules } from './alarm.evaluate.js';
import { ALARM_WEBHOOK_QUEUE } from './alarm.webhook.js';
import { OVERHEATING_RULE } from './alarm.fixtures.js';
import { alarms } from './alarm.table.js';

const HIGH: AlarmLevelEdit = {
  level: 'HIGH',
  colour: '#f5222d',
  sound: true,
  webhookUrl: '',
  labelEn: 'High',
  labelIn: 'Tinggi',
  labelTh: 'สูง',
  labelZh: '高',
};

const RULE: AlarmRuleAdd = { ...OVERHEATING_RULE, content: 'Overheating, told to the hook', notifications: ['IN_APP', 'WEBHOOK'] };

/** Level webhooks (docs/alarms.md, "Webhooks"): a signed POST per alarm opened, through the job queue, against a receiver on 127.0.0.1. */
describe('alarm level webhooks', () => {
  let server: TestServer;
  let admin: string;
  let merchant: Awaited<ReturnType<typeof createMerchant>>;
  let rival: Awaited<ReturnType<typeof createMerchant>>;
  let own: { ids: number[]; numbers: string[] };
  let theirs: { ids: number[]; numbers: string[] };
  let types: Awaited<ReturnType<typeof createDeviceTypes>>;
  const receiver = new WebhookReceiver();
  let key = '';

  const hookJobs = () => server.db.select().from(jobs).where(eq(jobs.queue, ALARM_WEBHOOK_QUEUE));
  const bodies = () => receiver.received.map((r) => JSON.parse(r.body) as AlarmWebhookBody);

  beforeAll(async () => {
    await receiver.start();
    server = await startTestServer({ DEMO: '0', WEBHOOK_ALLOW_PRIVATE: '1', JOB_POLL_MS: '200' });
    admin = (await platformAdmin(server)).token;
    merchant = await createMerchant(server, admin, {
      menuCodes: ['alarmConfiguration.level', 'alarmConfiguration.device', 'alarm.records'],
    });
    rival = await createMerchant(server, admin, { menuCodes: ['alarm.records'] });
    types = await createDeviceTypes(server, admin);
    own = await createDevices(server, admin, 'battery', 2, { typeId: types.battery, prefix: 'BWH', merchantId: merchant.id });
    theirs = await createDevices(server, admin, 'battery', 1, { typeId: types.battery, prefix: 'BWR', merchantId: rival.id });
  });
  afterAll(async () => {
    await server?.close();
    await receiver.close();
  });

  it('answers a new signing key once when the address is set or changed, never lists it, and never audits it', async () => {
    const set = await server.request(alarmApi.editLevel, { ...HIGH, webhookUrl: receiver.url }, { token: admin });
    expect(set.data.signingKey).toMatch(/^whsec_/);
    key = set.data.signingKey!;
    const again = await server.request(alarmApi.editLevel, { ...HIGH, webhookUrl: receiver.url, colour: '#cf1322' }, { token: admin });
    expect(again.data.signingKey).toBeNull();
    const listed = (await server.request(alarmApi.levels, {}, { token: merchant.admin.token })).data.records;
    expect(listed.find((l) => l.level === 'HIGH')).toMatchObject({ webhookUrl: receiver.url });
    expect(JSON.stringify(listed)).not.toContain(key);
    const audits = await server.db.select().from(auditLogs).where(eq(auditLogs.action, 'alarmLevel.edit'));
    expect(JSON.stringify(audits)).not.toContain(key);
  });

  it('refuses a bad address in the caller’s language and a merchant’s edit, changing nothing', async () => {
    const bad = await server.call('POST', endpointUrl(alarmApi.editLevel), {
      token: admin,
      body: { ...HIGH, webhookUrl: 'http://user:pw@127.0.0.1/hook' },
      lang: 'th',
    });
    expect([bad.status, bad.code]).toEqual([400, 4250]);
    const nul = await server.call('POST', endpointUrl(alarmApi.editLevel), {
      token: admin,
      body: { ...HIGH, webhookUrl: 'http://127.0.0.1/\u0000' },
    });
    expect(nul.status).toBe(400);
    const byMerchant = await server.call('POST', endpointUrl(alarmApi.editLevel), {
      token: merchant.admin.token,
      body: { ...HIGH, webhookUrl: 'http://127.0.0.1:1/elsewhere' },
    });
    expect(byMerchant.status).toBe(403);
    const listed = (await server.request(alarmApi.levels, {}, { token: admin })).data.records;
    expect(listed.find((l) => l.level === 'HIGH')?.webhookUrl).toBe(receiver.url);
  });

  it('refuses over-range values and NUL bytes anywhere in a level’s edit, in the caller’s language, changing nothing', async () => {
    const before = (await server.request(alarmApi.levels, {}, { token: admin })).data.records;
    for (const change of [
      { webhookUrl: `http://127.0.0.1/${'a'.repeat(2000)}` },
      { webhookUrl: 'http://127.0.0.1/a\u0000b' },
      { webhookUrl: 'http://127.0.0.1/\thook' },
      { webhookUrl: 'javascript:alert(1)' },
      { level: 'URGENT' },
      { level: 'HIGH\u0000' },
      { colour: '#'.padEnd(10_000, 'f') },
      { labelEn: 'L'.repeat(41) },
      { labelZh: '高\u0000' },
      { sound: 'yes' },
    ]) {
      const refused = await server.call('POST', endpointUrl(alarmApi.editLevel), {
        token: admin,
        body: { ...HIGH, ...change },
        lang: 'in',
      });
      expect([refused.status, refused.code === 1], JSON.stringify(change).slice(0, 60)).toEqual([400, false]);
      expect(refused.message).not.toBe('');
    }
    expect((await server.request(alarmApi.levels, {}, { token: admin })).data.records).toEqual(before);
  });

  it('POSTs each alarm opened at the level once, signed; tries again after a 500; another rule or level sends nothing', async () => {
    await server.request(alarmApi.rules.add, RULE, { token: admin });
    // Opened at a level without an address, or by a rule not naming the webhook: nothing goes out.
    await server.request(alarmApi.rules.add, { ...RULE, parameter: 'soc', rangeFrom: null, rangeTo: 10, level: 'LOW' }, { token: admin });
    await server.request(alarmApi.rules.add, { ...RULE, parameter: 'voltage', rangeFrom: 70, notifications: ['IN_APP'] }, { token: admin });
    forgetRules();
    receiver.statuses = [500];
    const opened = await evaluateAlarms(server.db, [
      { kind: 'battery', number: own.numbers[0]!, values: { temperature: 61, soc: 5, voltage: 80 } },
      { kind: 'battery', number: theirs.numbers[0]!, values: { temperature: 58 } },
    ]);
    expect(opened).toHaveLength(4);
    // Reported again while open: no second delivery.
    await evaluateAlarms(server.db, [{ kind: 'battery', number: own.numbers[0]!, values: { temperature: 63 } }]);
    expect(await hookJobs()).toHaveLength(2);
    await receiver.waitFor(2);
    // The 500 is tried again after its wait (brought forward here).
    await eventually(async () => expect((await hookJobs()).filter((j) => j.state === 'PENDING' && j.attempts === 1)).toHaveLength(1));
    await server.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(and(eq(jobs.queue, ALARM_WEBHOOK_QUEUE), eq(jobs.state, 'PENDING')));
    await receiver.waitFor(3);
    await eventually(async () => expect((await hookJobs()).map((j) => j.state)).toEqual(['DONE', 'DONE']));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(receiver.received).toHaveLength(3);
    for (const request of receiver.received) {
      expect(signedWith(key, request)).toBe(true);
      expect(request.headers[WEBHOOK_EVENT_HEADER]).toBe('alarm.opened');
    }
    expect(signedWith('whsec_other', receiver.received[0]!)).toBe(false);
    // The platform's hook hears every tenant's alarms at its level, each naming its merchant.
    const told = bodies().map((b) => [b.alarm.deviceNumber, b.alarm.merchantId, b.alarm.level, b.alarm.content]);
    expect(new Set(told.map((t) => JSON.stringify(t)))).toEqual(
      new Set([
        JSON.stringify([own.numbers[0], merchant.id, 'HIGH', RULE.content]),
        JSON.stringify([theirs.numbers[0], rival.id, 'HIGH', RULE.content]),
      ]),
    );
  });

  it('queues the delivery in the transaction that opens the alarm: no alarm without its job, no job without its alarm', async () => {
    const battery = (await createDevices(server, admin, 'battery', 1, { typeId: types.battery, prefix: 'BWT', merchantId: merchant.id }))
      .numbers[0]!;
    const alarmsOf = () => server.db.select().from(alarms).where(eq(alarms.deviceNumber, battery));
    const jobsOf = async (ids: number[]) => (await hookJobs()).filter((job) => ids.includes(Number(job.payload['alarmId'])));
    // The queue refuses the job (a failure between the two writes): the alarm does not open either.
    await server.db.execute(sql`create or replace function refuse_job() returns trigger language plpgsql as $$
      begin raise exception 'job queue unavailable'; end $$`);
    await server.db.execute(sql`create trigger refuse_job before insert on job for each row execute function refuse_job()`);
    try {
      await expect(evaluateAlarms(server.db, [{ kind: 'battery', number: battery, values: { temperature: 66 } }])).rejects.toThrow();
    } finally {
      await server.db.execute(sql`drop trigger refuse_job on job`);
    }
    expect(await alarmsOf()).toEqual([]);
    // The next report opens it, with its one job.
    await evaluateAlarms(server.db, [{ kind: 'battery', number: battery, values: { temperature: 66 } }]);
    const opened = await alarmsOf();
    expect(opened.map((a) => a.alarmState)).toEqual(['OPEN']);
    expect(await jobsOf(opened.map((a) => a.id))).toHaveLength(1);
    await eventually(async () => expect((await jobsOf(opened.map((a) => a.id))).map((job) => job.state)).toEqual(['DONE']));
  });

  it('queues a business alarm’s delivery in the transaction that opens it, too', async () => {
    const cabinet = (await createDevices(server, admin, 'cabinet', 1, { typeId: types.cabinet, prefix: 'CWT', merchantId: merchant.id }))
      .numbers[0]!;
    await server.request(
      alarmApi.businessRules.add,
      {
        businessCondition: 'swapFailures',
        threshold: 1,
        windowMinutes: 30,
        level: 'HIGH',
        content: 'Swaps failing, told to the hook',
        notifications: ['IN_APP', 'WEBHOOK'],
        enabled: true,
      },
      { token: admin },
    );
    const started = new Date(Date.now() - 60_000);
    await applySwapEvent(server.db, cabinet, {
      type: 'SWAP',
      eventId: 'hooked-failure',
      batteryIn: null,
      batteryOut: null,
      startedAt: started.toISOString(),
      endedAt: new Date(started.getTime() + 20_000).toISOString(),
      result: 'FAILED',
      failureCode: 'DOOR_FAILURE',
    });
    const alarmsOf = () =>
      server.db
        .select()
        .from(alarms)
        .where(and(eq(alarms.deviceNumber, cabinet), eq(alarms.alarmKind, 'business')));
    const jobsOf = async (ids: number[]) => (await hookJobs()).filter((job) => ids.includes(Number(job.payload['alarmId'])));
    await server.db.execute(sql`create or replace function refuse_job() returns trigger language plpgsql as $$
      begin raise exception 'job queue unavailable'; end $$`);
    await server.db.execute(sql`create trigger refuse_job before insert on job for each row execute function refuse_job()`);
    try {
      await evaluateBusinessAlarms(server.db).catch(() => undefined);
    } finally {
      await server.db.execute(sql`drop trigger refuse_job on job`);
    }
    expect(await alarmsOf()).toEqual([]);
    // The next check opens it, with its one job, delivered.
    await evaluateBusinessAlarms(server.db);
    const opened = await alarmsOf();
    expect(opened.map((a) => a.alarmState)).toEqual(['OPEN']);
    expect(await jobsOf(opened.map((a) => a.id))).toHaveLength(1);
    await eventually(async () => expect((await jobsOf(opened.map((a) => a.id))).map((job) => job.state)).toEqual(['DONE']));
    expect(bodies().filter((body) => body.alarm.deviceNumber === cabinet)).toMatchObject([
      { event: 'alarm.opened', alarm: { kind: 'business', merchantId: merchant.id, content: 'Swaps failing, told to the hook' } },
    ]);
  });

  it('an address removed before delivery sends nothing', async () => {
    const before = receiver.received.length;
    await server.request(alarmApi.editLevel, { ...HIGH, webhookUrl: '' }, { token: admin });
    await evaluateAlarms(server.db, [{ kind: 'battery', number: own.numbers[1]!, values: { temperature: 70 } }]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(before);
  });
});
