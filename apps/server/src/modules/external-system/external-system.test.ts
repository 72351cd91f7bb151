import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { alarmApi, cabinetTopic, endpointUrl, externalSystemApi, type CabinetEvent, type CabinetTelemetry } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { WebhookReceiver, signedWith } from '../../test/webhook-receiver.js';
import {
  compartment,
  createCabinetWithBatteries,
  createDeviceTypes,
  createMerchant,
  issueSecret,
  platformAdmin,
} from '../../test/factories.js';
import { TOPIC_HANDLERS, type TopicHandler } from '../../device-link/handlers.js';
import { markSilentCabinetsOffline } from '../../device-link/device-state.service.js';
import { cabinetCompartments, cabinets } from '../cabinet/cabinet.table.js';
import { batteries } from '../battery/battery.table.js';
import { auditLogs } from '../audit-log/audit-log.table.js';
import { webhookDeliveries } from './external-system.table.js';
import { checkWebhookUrl, isInternalAddress } from './webhook-url.js';
import { sendWebhook } from './webhook-sender.js';
import { noticeDeviceAlarms } from './external-system.events.js';
import { ALARM_CHANNEL } from '../alarm/index.js';
import { startEmbeddedGateway, cabinetReport } from '../../test/device-fixtures.js';

const BASE_MS = 300;

describe('external systems', () => {
  let server: TestServer;
  let admin: string;
  let agent: string;
  let agentId: number;
  let rival: string;
  let cabinet: { cabinetNumber: string; batteryNumbers: string[] };
  let rivalCabinet: { cabinetNumber: string; batteryNumbers: string[] };
  const receiver = new WebhookReceiver();
  const log = { warn: () => undefined, info: () => undefined, error: () => undefined };

  const register = (token: string, body: Record<string, unknown>, lang?: 'en' | 'in' | 'th' | 'zh') =>
    server.call('POST', endpointUrl(externalSystemApi.add), { token, body, ...(lang ? { lang } : {}) });
  const deliveriesOf = async (token: string, systemId: number) =>
    (await server.request(externalSystemApi.deliveries, { systemId }, { token })).data.records;
  const waitForDelivery = async (id: number, status: string, ms = 10_000) => {
    const until = Date.now() + ms;
    for (;;) {
      const [row] = await server.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
      if (row?.status === status) return row;
      if (Date.now() > until) throw new Error(`delivery ${id} is ${row?.status}, not ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const swap = (cabinetNumber: string, batteryIn: string, batteryOut: string, eventId: string): Promise<boolean> => {
    const now = new Date().toISOString();
    const payload: CabinetEvent = {
      type: 'SWAP',
      eventId,
      batteryIn: { number: batteryIn, compartment: 4, soc: 20 },
      batteryOut: { number: batteryOut, compartment: 1, soc: 98 },
      startedAt: now,
      endedAt: now,
      result: 'SUCCEEDED',
    };
    const handler = TOPIC_HANDLERS['cabinet/event'] as TopicHandler;
    return handler.handle(
      server.db,
      { number: cabinetNumber, payload, retained: false, receivedAt: new Date(), log },
      server.app.deviceHub,
    );
  };

  beforeAll(async () => {
    await receiver.start();
    server = await startTestServer({
      DEMO: '0',
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_RETRY_BASE_MS: String(BASE_MS),
      WEBHOOK_MAX_ATTEMPTS: '3',
      WEBHOOK_POLL_MS: '50',
      WEBHOOK_TIMEOUT_MS: '2000',
    });
    admin = (await platformAdmin(server)).token;
    const menuCodes = ['allocation.externalSystem'];
    const agentMerchant = await createMerchant(server, admin, { menuCodes });
    agent = agentMerchant.admin.token;
    agentId = agentMerchant.id;
    const rivalMerchant = await createMerchant(server, admin, { menuCodes });
    rival = rivalMerchant.admin.token;
    const types = await createDeviceTypes(server, admin);
    cabinet = await createCabinetWithBatteries(server, admin, { types, prefix: 'EXA', batteries: 2, merchantId: agentId });
    rivalCabinet = await createCabinetWithBatteries(server, admin, { types, prefix: 'EXR', batteries: 2, merchantId: rivalMerchant.id });
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  let systemId: number;
  let key: string;

  it('registers a system with a key shown once: never in the list, the audit log or another answer', async () => {
    const added = await server.request(externalSystemApi.add, { name: 'Fleet partner', url: receiver.url }, { token: agent });
    expect(added.code).toBe(1);
    expect(added.data).toMatchObject({ name: 'Fleet partner', url: receiver.url, enabled: true, merchantId: agentId, deviceCount: 0 });
    expect(added.data.signingKey).toMatch(/^whsec_[\w-]{43}$/);
    systemId = added.data.id;
    key = added.data.signingKey;
    const listed = await server.call('POST', endpointUrl(externalSystemApi.search), { token: agent, body: {} });
    expect(JSON.stringify(listed.data)).not.toContain(key);
    expect(listed.data.records.map((r: { name: string }) => r.name)).toEqual(['Fleet partner']);
    const edited = await server.request(
      externalSystemApi.edit,
      { id: systemId, name: 'Fleet partner API', url: receiver.url, enabled: true },
      { token: agent },
    );
    expect(JSON.stringify(edited.data)).not.toContain(key);
    const audits = await server.db.select().from(auditLogs).where(eq(auditLogs.objectType, 'externalSystem'));
    expect(audits.map((a) => a.action).sort()).toEqual(['externalSystem.add', 'externalSystem.edit']);
    expect(JSON.stringify(audits)).not.toContain(key);
    const csv = await server.call('POST', endpointUrl(externalSystemApi.export), { token: agent, body: {} });
    expect(csv.raw.body).toContain('Fleet partner API');
    expect(csv.raw.body).not.toContain(key);
  });

  it('makes platform staff choose an agent, and keeps each merchant to its own systems', async () => {
    const refused = await register(admin, { name: 'No agent', url: receiver.url }, 'in');
    expect([refused.status, refused.code]).toEqual([400, 2007]);
    expect((await server.request(externalSystemApi.search, {}, { token: rival })).data.records).toEqual([]);
    const edit = await server.call('POST', endpointUrl(externalSystemApi.edit), {
      token: rival,
      body: { id: systemId, name: 'Taken', url: receiver.url, enabled: false },
    });
    expect(edit.code).toBe(1017);
    expect((await server.request(externalSystemApi.devices, { id: systemId }, { token: rival })).code).toBe(1017);
    expect((await server.request(externalSystemApi.sendTest, { id: systemId }, { token: rival })).code).toBe(1017);
    expect((await server.request(externalSystemApi.remove, { id: systemId }, { token: rival })).code).toBe(1017);
    const platform = await server.request(externalSystemApi.search, { merchantId: agentId }, { token: admin });
    expect(platform.data.records.map((r) => [r.name, r.enabled])).toEqual([['Fleet partner API', true]]);
  });

  it('refuses an endpoint that is not http or https, carries a password, or is too long; and names too long', async () => {
    expect((await register(agent, { name: 'Script', url: 'javascript:alert(1)' })).status).toBe(400);
    for (const url of [
      'ftp://partner.example.com/hook',
      'file:///etc/passwd',
      'gopher://127.0.0.1:25/',
      'http://user:pw@127.0.0.1/',
      'not a url',
    ]) {
      const answer = await register(agent, { name: 'Bad scheme', url }, 'th');
      expect([answer.status, answer.code], url).toEqual([400, 4250]);
    }
    expect((await register(agent, { name: 'Long', url: `http://127.0.0.1/${'a'.repeat(2000)}` })).status).toBe(400);
    const name = await register(agent, { name: 'x'.repeat(101), url: receiver.url }, 'zh');
    expect(name.status).toBe(400);
    expect(name.message).toContain('名称');
    expect((await server.request(externalSystemApi.search, {}, { token: agent })).data.total).toBe(1);
  });

  it('refuses private, loopback and link-local hosts unless the server allows them, at registration and at delivery', async () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
    ])
      expect(isInternalAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isInternalAddress(address), address).toBe(false);
    await expect(checkWebhookUrl('http://127.0.0.1:8080/hook', false)).rejects.toMatchObject({ key: 'webhookUrlPrivate' });
    await expect(checkWebhookUrl('http://[::ffff:a9fe:a9fe]/latest', false)).rejects.toMatchObject({ key: 'webhookUrlPrivate' });
    await expect(checkWebhookUrl('http://localhost:8080/hook', false)).rejects.toMatchObject({ key: 'webhookUrlPrivate' });
    await expect(checkWebhookUrl('https://nowhere.invalid/hook', false)).rejects.toMatchObject({ key: 'webhookUrlUnresolved' });
    await expect(checkWebhookUrl(receiver.url, true)).resolves.toBe(receiver.url);
    // At delivery: the address connected to is checked, by literal and by name.
    const before = receiver.received.length;
    const request = { key: 'k', deliveryId: 1, eventType: 'test', body: '{}', timeoutMs: 2000, allowPrivate: false };
    const literal = await sendWebhook({ ...request, url: receiver.url });
    expect([literal.statusCode, literal.error]).toEqual([null, expect.stringContaining('refused')]);
    const named = await sendWebhook({ ...request, url: receiver.url.replace('127.0.0.1', 'localhost') });
    expect([named.statusCode, named.error]).toEqual([null, expect.stringContaining('refused')]);
    expect(receiver.received.length).toBe(before);
  });

  it('lets a system see only its merchant’s devices, all or nothing', async () => {
    const theirs = await server.call('POST', endpointUrl(externalSystemApi.setDevices), {
      token: agent,
      body: { id: systemId, cabinets: [cabinet.cabinetNumber], batteries: [cabinet.batteryNumbers[0], rivalCabinet.batteryNumbers[0]] },
    });
    expect(theirs.status).toBe(404);
    expect(theirs.data).toMatchObject({ missing: [rivalCabinet.batteryNumbers[0]] });
    expect((await server.request(externalSystemApi.devices, { id: systemId }, { token: agent })).data.cabinets).toEqual([]);
    const set = await server.request(
      externalSystemApi.setDevices,
      { id: systemId, cabinets: [cabinet.cabinetNumber], batteries: [], vehicles: [] },
      { token: agent },
    );
    expect(set.data).toEqual({ id: systemId, cabinets: [cabinet.cabinetNumber], batteries: [], vehicles: [] });
    expect((await server.request(externalSystemApi.search, {}, { token: agent })).data.records[0]?.deviceCount).toBe(1);
  });

  it('sends a signed test event the receiver verifies with the key, logged with its answer', async () => {
    const before = receiver.received.length;
    const queued = await server.request(externalSystemApi.sendTest, { id: systemId }, { token: agent });
    expect(queued.data).toMatchObject({ eventType: 'test', status: 'PENDING' });
    await waitForDelivery(queued.data.id, 'DELIVERED');
    const request = receiver.received[before]!;
    expect(signedWith(key, request)).toBe(true);
    expect(signedWith('whsec_another', request)).toBe(false);
    expect(JSON.parse(request.body)).toMatchObject({ id: queued.data.id, type: 'test', device: null });
    const [logged] = await deliveriesOf(agent, systemId);
    expect(logged).toMatchObject({ id: queued.data.id, status: 'DELIVERED', attempts: 1, lastStatusCode: 200, lastAnswer: 'ok' });
    const attempts = await server.request(externalSystemApi.attempts, { id: queued.data.id }, { token: agent });
    expect(attempts.data).toEqual([expect.objectContaining({ attempt: 1, statusCode: 200, answer: 'ok', error: null })]);
    expect((await server.request(externalSystemApi.attempts, { id: queued.data.id }, { token: rival })).code).toBe(1017);
    expect(await deliveriesOf(rival, systemId)).toEqual([]);
  });

  it('delivers a swap of a chosen device, retrying after a 500 with a bounded backoff', async () => {
    receiver.statuses = [500];
    const before = receiver.received.length;
    expect(await swap(cabinet.cabinetNumber, 'EXAB0003', cabinet.batteryNumbers[0]!, 'ex-swap-1')).toBe(true);
    // A rival's swap: no system of the agent's may see it.
    expect(await swap(rivalCabinet.cabinetNumber, 'EXRB0003', rivalCabinet.batteryNumbers[0]!, 'ex-swap-r')).toBe(true);
    await receiver.waitFor(before + 2);
    const [first, second] = receiver.received.slice(before);
    expect(signedWith(key, first!) && signedWith(key, second!)).toBe(true);
    expect(first!.body).toBe(second!.body);
    const body = JSON.parse(second!.body);
    expect(body).toMatchObject({ type: 'swap', device: { kind: 'cabinet', number: cabinet.cabinetNumber }, data: { result: 'SUCCEEDED' } });
    expect(body.data.batteryOut.number).toBe(cabinet.batteryNumbers[0]);
    const waited = second!.at - first!.at;
    expect(waited).toBeGreaterThanOrEqual(BASE_MS - 20);
    expect(waited).toBeLessThan(BASE_MS + 3000);
    const delivered = await waitForDelivery(body.id, 'DELIVERED');
    expect(delivered.attempts).toBe(2);
    const attempts = (await server.request(externalSystemApi.attempts, { id: body.id }, { token: agent })).data;
    expect(attempts.map((a) => [a.attempt, a.statusCode, a.answer])).toEqual([
      [1, 500, 'failed with 500'],
      [2, 200, 'ok'],
    ]);
    expect(receiver.received.slice(before).every((r) => !r.body.includes(rivalCabinet.cabinetNumber))).toBe(true);
  });

  it('gives up after the last attempt, and tells alarms raised and cleared once each', async () => {
    receiver.statuses = [503, 503, 503];
    const before = receiver.received.length;
    const report = (water: boolean) => ({
      kind: 'cabinet' as const,
      number: cabinet.cabinetNumber,
      payload: { waterAlarm: water, smokeAlarm: false } as CabinetTelemetry,
    });
    await noticeDeviceAlarms(server.db, [report(true)], new Date());
    await noticeDeviceAlarms(server.db, [report(true)], new Date());
    await receiver.waitFor(before + 3);
    const alarmDeliveries = async () =>
      (await server.request(externalSystemApi.deliveries, { systemId, eventType: 'device.alarm' }, { token: agent })).data.records;
    // The third answer reaches the receiver before the server records it: wait for the record.
    const failedRow = await waitForDelivery((await alarmDeliveries())[0]!.id, 'FAILED');
    expect(failedRow.nextAttemptAt).toBeNull();
    const [failed] = await alarmDeliveries();
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 3, lastStatusCode: 503 });
    await noticeDeviceAlarms(server.db, [report(false)], new Date());
    await receiver.waitFor(before + 4);
    expect(JSON.parse(receiver.received.at(-1)!.body).data).toMatchObject({ raised: false, water: false });
    const alarms = await server.request(externalSystemApi.deliveries, { systemId, eventType: 'device.alarm' }, { token: agent });
    expect(alarms.data.total).toBe(2);
  });

  it('tells a cabinet the heartbeat sweep took offline, to the systems that may see it only', async () => {
    receiver.statuses = [];
    const before = receiver.received.length;
    // Both cabinets online and silent past the timeout, without a last will.
    await server.db
      .update(cabinets)
      .set({ online: true, lastReportAt: sql`now() - interval '10 minutes'` })
      .where(inArray(cabinets.number, [cabinet.cabinetNumber, rivalCabinet.cabinetNumber]));
    expect(await markSilentCabinetsOffline(server.db, 60_000, log)).toBe(2);
    await receiver.waitFor(before + 1);
    const told = JSON.parse(receiver.received[before]!.body);
    expect(told).toMatchObject({
      type: 'cabinet.state',
      device: { kind: 'cabinet', number: cabinet.cabinetNumber },
      data: { online: false },
    });
    expect(signedWith(key, receiver.received[before]!)).toBe(true);
    // Swept again: nothing more goes offline, nothing more is told; the rival's cabinet reaches no system of this merchant.
    expect(await markSilentCabinetsOffline(server.db, 60_000, log)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, BASE_MS));
    expect(receiver.received.length).toBe(before + 1);
    const states = await server.request(externalSystemApi.deliveries, { systemId, eventType: 'cabinet.state' }, { token: agent });
    expect(states.data.records.map((r) => [r.deviceNumber, r.status])).toEqual([[cabinet.cabinetNumber, 'DELIVERED']]);
  });

  // On PostgreSQL only: the test holds the external queue's table, which on the embedded database holds every statement.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'announces a cabinet’s water alarm to the header before its external notice is queued, and the notice still comes',
    async () => {
      receiver.statuses = [];
      await server.request(
        alarmApi.rules.add,
        {
          alarmKind: 'cabinet',
          parameter: 'water',
          rangeFrom: null,
          rangeTo: null,
          holdSeconds: 0,
          clearMargin: 0,
          level: 'HIGH',
          content: 'Water before the partners',
          notifications: ['IN_APP', 'HEADER'],
          enabled: true,
        },
        { token: admin },
      );
      const secret = await issueSecret(server, admin, 'cabinet', cabinet.cabinetNumber);
      const { gateway, url } = await startEmbeddedGateway(server);
      const number = cabinet.cabinetNumber;
      const client = await mqtt.connectAsync(url, { clientId: number, username: number, password: secret, reconnectPeriod: 0 });
      let unsubscribe = () => {};
      const announced = new Promise<void>((resolve) => {
        unsubscribe = server.app.deviceHub.onChange((change) => {
          if (change.channel === ALARM_CHANNEL && change.number === number) resolve();
        });
      });
      try {
        let stored: Promise<unknown> = Promise.resolve();
        // The external queue held: its notice cannot be written, yet the alarm reaches the header's streams.
        await server.db.transaction(async (tx) => {
          await tx.execute(sql`lock table ${webhookDeliveries} in exclusive mode`);
          // Acknowledged by the embedded broker once the batch is stored: not awaited here.
          stored = client.publishAsync(cabinetTopic(number, 'telemetry'), JSON.stringify(cabinetReport({ waterAlarm: true })), { qos: 1 });
          // Bounded, so the old order (the notice first, waiting on the held table) fails here rather than hanging.
          await Promise.race([
            announced,
            new Promise((_, reject) =>
              setTimeout(() => reject(new Error('alarm not announced while the external queue was held')), 15_000),
            ),
          ]);
        });
        await stored;
        // The notice is queued by the batch's rule step, which the link's idle waits for.
        await gateway.link.idle();
        const told = await server.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.deviceNumber, number))
          .orderBy(sql`${webhookDeliveries.id} desc`)
          .limit(1);
        expect(told[0]).toMatchObject({ eventType: 'device.alarm', systemId, data: { raised: true, water: true } });
        await waitForDelivery(told[0]!.id, 'DELIVERED');
      } finally {
        unsubscribe();
        await client.endAsync(true);
        await gateway.close();
      }
    },
  );

  it('tells a cabinet’s live state to the systems watching it; not a retained state, nor a cabinet no system watches', async () => {
    receiver.statuses = [];
    const handler = TOPIC_HANDLERS['cabinet/state'] as TopicHandler;
    // Each cabinet's slots as stored, its first door open and its second slot at fault.
    const stateOf = async (number: string) => {
      const slots = await server.db
        .select({ idx: cabinetCompartments.index, number: batteries.number })
        .from(cabinetCompartments)
        .innerJoin(cabinets, eq(cabinets.id, cabinetCompartments.cabinetId))
        .leftJoin(batteries, eq(batteries.id, cabinetCompartments.batteryId))
        .where(eq(cabinets.number, number))
        .orderBy(cabinetCompartments.index);
      const compartments = slots.map((slot) => ({
        ...compartment(slot.idx, slot.number),
        ...(slot.idx === 1 ? { doorLock: 'UNLOCKED' as const } : {}),
        ...(slot.idx === 2 ? { fault: 'E7' } : {}),
      }));
      return { online: true as const, ts: new Date().toISOString(), compartments };
    };
    const states = async (number: string) =>
      server.db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.deviceNumber, number), eq(webhookDeliveries.eventType, 'cabinet.state')))
        .orderBy(webhookDeliveries.id);
    const handle = async (number: string, retained: boolean) =>
      handler.handle(server.db, { number, payload: await stateOf(number), retained, receivedAt: new Date(), log }, server.app.deviceHub);
    const before = (await states(cabinet.cabinetNumber)).length;
    const rivalBefore = (await states(rivalCabinet.cabinetNumber)).length;
    expect(await handle(cabinet.cabinetNumber, false)).toBe(true);
    const told = await states(cabinet.cabinetNumber);
    expect(told.length).toBe(before + 1);
    const slots = (await stateOf(cabinet.cabinetNumber)).compartments;
    expect(told.at(-1)).toMatchObject({
      systemId,
      data: {
        online: true,
        compartments: slots.length,
        batteries: slots.filter((slot) => slot.batteryNumber !== null).length,
        faults: [{ compartment: 2, fault: 'E7' }],
      },
    });
    await waitForDelivery(told.at(-1)!.id, 'DELIVERED');
    // A retained state is old news; the rival's cabinet is watched by no system.
    expect(await handle(cabinet.cabinetNumber, true)).toBe(true);
    expect(await handle(rivalCabinet.cabinetNumber, false)).toBe(true);
    expect((await states(cabinet.cabinetNumber)).length).toBe(before + 1);
    expect((await states(rivalCabinet.cabinetNumber)).length).toBe(rivalBefore);
  });

  it('stops at once when disabled: the pending delivery is cancelled and never sent', async () => {
    receiver.statuses = [500, 200];
    const before = receiver.received.length;
    const queued = await server.request(externalSystemApi.sendTest, { id: systemId }, { token: agent });
    await receiver.waitFor(before + 1);
    const off = await server.request(
      externalSystemApi.edit,
      { id: systemId, name: 'Fleet partner API', url: receiver.url, enabled: false },
      { token: agent },
    );
    expect(off.data.enabled).toBe(false);
    await waitForDelivery(queued.data.id, 'CANCELLED');
    expect(await swap(cabinet.cabinetNumber, cabinet.batteryNumbers[0]!, 'EXAB0003', 'ex-swap-2')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, BASE_MS * 3));
    expect(receiver.received.length).toBe(before + 1);
    const refused = await server.request(externalSystemApi.sendTest, { id: systemId }, { token: agent, lang: 'in' });
    expect([refused.code, refused.message]).toEqual([4253, expect.stringContaining('dinonaktifkan')]);
    const statuses = (await deliveriesOf(agent, systemId)).map((r) => r.status);
    expect(statuses.filter((s) => s === 'PENDING')).toEqual([]);
    receiver.statuses = [];
  });

  it('keeps both of two racing edits whole, each audited', async () => {
    const names = ['Partner A', 'Partner B'];
    const answers = await Promise.all(
      names.map((name) =>
        server.request(externalSystemApi.edit, { id: systemId, name, url: receiver.url, enabled: true }, { token: agent }),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual([1, 1]);
    const [final] = (await server.request(externalSystemApi.search, {}, { token: agent })).data.records;
    expect(names).toContain(final!.name);
    expect(final!.enabled).toBe(true);
    const racing = await Promise.all(
      [[cabinet.cabinetNumber], []].map((cabinets) =>
        server.request(externalSystemApi.setDevices, { id: systemId, cabinets, batteries: [], vehicles: [] }, { token: agent }),
      ),
    );
    expect(racing.map((a) => a.code)).toEqual([1, 1]);
    const devices = (await server.request(externalSystemApi.devices, { id: systemId }, { token: agent })).data.cabinets;
    expect([[cabinet.cabinetNumber], []]).toContainEqual(devices);
  });

  it('removes a system with its deliveries; exports the log in the caller’s language', async () => {
    const csv = await server.call('POST', endpointUrl(externalSystemApi.exportDeliveries), {
      token: agent,
      body: { systemId },
      lang: 'th',
    });
    expect(csv.raw.body.split('\n')[0]).toContain('เหตุการณ์');
    expect(csv.raw.body).toContain('ส่งสำเร็จ');
    expect((await server.request(externalSystemApi.remove, { id: systemId }, { token: agent })).code).toBe(1);
    expect(await server.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.systemId, systemId))).toEqual([]);
  });
});
