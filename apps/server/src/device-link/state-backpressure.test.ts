import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { alarmApi, cabinetApi, cabinetTopic, commandApi, type AlarmRuleAdd, type CabinetState } from '@swap/contracts';
import { startOwnDevices, type RunningFleet } from '@swap/simulator';
import { startTestServer, type TestServer } from '../test/harness.js';
import { compartment, createDeviceTypes, createDevices, issueSecret, platformAdmin, succeed } from '../test/factories.js';
import { mosquittoWanted, startMosquitto, type RunningMosquitto } from '../test/mosquitto.js';
import { eventually } from '../test/eventually.js';
import { collectingLog } from '../test/device-fixtures.js';
import { cabinetCompartments, cabinets } from '../modules/cabinet/cabinet.table.js';
import { alarms } from '../modules/alarm/alarm.table.js';
import { deviceCommands } from '../modules/command/command.table.js';
import { startDeviceGateway, type DeviceGateway } from './gateway.js';
import type { DeviceLink } from './link.js';

const GATEWAY = { username: 'swap-gateway', password: 'gateway-secret-0123456789' };
const STORM = 4;
const REPORTS = 25;
/** The report, among each cabinet's, whose door stands open: neither the first nor the last. */
const DOOR_REPORT = 10;

const DOOR_RULE: AlarmRuleAdd = {
  alarmKind: 'cabinet',
  parameter: 'doorOpen',
  rangeFrom: null,
  rangeTo: null,
  holdSeconds: 0,
  clearMargin: 0,
  level: 'LOW',
  content: 'Door opened under load',
  notifications: ['IN_APP'],
  enabled: true,
};

/** The i-th state of a cabinet: compartment 1's charge limit counts the reports; one of them shows compartment 2's door open. */
function stateReport(i: number): CabinetState {
  const slots = [1, 2, 3, 4].map((index) => compartment(index, null));
  slots[0] = { ...slots[0]!, preset: 50 + i };
  if (i === DOOR_REPORT) slots[1] = { ...slots[1]!, doorLock: 'UNLOCKED' };
  return { online: true, ts: new Date().toISOString(), firmwareVersion: '1.0.0', compartments: slots };
}

/**
 * Cabinet states under a database that cannot keep up (docs/scaling.md, "State reports under
 * load"): a cabinet's states waiting their turn collapse into its latest, the alarms the replaced
 * ones would have raised are raised, and a command and an operator's list still get through. On
 * Mosquitto, which hands the gateway every message at once (the embedded broker reads a device's
 * next message only once the last is stored), with the link handling one control message at a time.
 */
describe.runIf(mosquittoWanted)('cabinet states when the database runs behind', () => {
  let server: TestServer;
  let admin: string;
  let mosquitto: RunningMosquitto;
  let gateway: DeviceGateway;
  let link: DeviceLink;
  let fleet: RunningFleet;
  let storm: { number: string; id: number; client: MqttClient }[] = [];
  let commanded: { number: string; id: number };
  const { log } = collectingLog();

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    admin = (await platformAdmin(server)).token;
    const types = await createDeviceTypes(server, admin);
    const added = await createDevices(server, admin, 'cabinet', STORM + 1, { typeId: types.cabinet, prefix: 'CBP' });
    const secrets = await Promise.all(added.numbers.map((number) => issueSecret(server, admin, 'cabinet', number)));
    mosquitto = await startMosquitto({
      gateway: GATEWAY,
      devices: added.numbers.map((number, i) => ({ number, secret: secrets[i]! })),
    });
    gateway = await startDeviceGateway(
      server.db,
      { url: mosquitto.url, ...GATEWAY, host: '127.0.0.1', port: 0, heartbeatTimeoutSeconds: 60, controlConcurrency: 1 },
      log,
      server.app.deviceHub,
    );
    link = gateway.link;
    commanded = { number: added.numbers[STORM]!, id: added.ids[STORM]! };
    fleet = await startOwnDevices({
      url: mosquitto.url,
      cabinets: [
        { number: commanded.number, secret: secrets[STORM]!, compartments: [1, 2, 3, 4].map((index) => ({ index, batteryNumber: null })) },
      ],
      commands: { delayMs: [0, 0] },
      lifetimeMs: 5 * 60_000,
    });
    storm = await Promise.all(
      added.numbers.slice(0, STORM).map(async (number, i) => ({
        number,
        id: added.ids[i]!,
        client: await mqtt.connectAsync(mosquitto.url, { clientId: number, username: number, password: secrets[i]!, reconnectPeriod: 0 }),
      })),
    );
    await succeed(server, alarmApi.rules.add, DOOR_RULE, admin);
    await eventually(async () =>
      expect((await server.db.select().from(cabinets).where(eq(cabinets.id, commanded.id)))[0]?.online).toBe(true),
    );
  });
  afterAll(async () => {
    await Promise.all(storm.map(({ client }) => client.endAsync()));
    await fleet?.stop();
    await gateway?.close();
    await mosquitto?.stop();
    await server?.close();
  });

  const publishState = (client: MqttClient, number: string, i: number) =>
    client.publishAsync(cabinetTopic(number, 'state'), JSON.stringify(stateReport(i)), { qos: 1, retain: true });

  it('stores only the latest of the states that piled up, and raises the alarm a replaced one showed', async () => {
    const before = { ...link.states };
    const numbers = storm.map(({ number }) => number);
    // The database held (the cabinets' rows locked, which on the embedded database holds every
    // statement) while every cabinet sends its states: none can be stored meanwhile.
    await server.db.transaction(async (tx) => {
      await tx.execute(sql`select id from cabinet where number in ${numbers} for update`);
      for (let i = 0; i < REPORTS; i++) await Promise.all(storm.map(({ client, number }) => publishState(client, number, i)));
      await eventually(() => expect(link.states.received - before.received).toBe(STORM * REPORTS), 10_000);
    });
    await link.idle();
    const superseded = link.states.superseded - before.superseded;
    // One handled at a time: at most the first state of one cabinet started before the rest queued
    // behind it, so each cabinet wrote its first and its latest at most.
    expect(superseded).toBeGreaterThanOrEqual(STORM * REPORTS - 2 * STORM);
    const slots = await server.db
      .select({ cabinetId: cabinetCompartments.cabinetId, preset: cabinetCompartments.preset, door: cabinetCompartments.doorLock })
      .from(cabinetCompartments)
      .where(
        and(
          inArray(
            cabinetCompartments.cabinetId,
            storm.map(({ id }) => id),
          ),
          inArray(cabinetCompartments.index, [1, 2]),
        ),
      );
    for (const { id } of storm) {
      const own = slots.filter((slot) => slot.cabinetId === id);
      expect(own.map((slot) => slot.preset).sort()).toEqual([50 + REPORTS - 1, null]);
      expect(own.map((slot) => slot.door)).toEqual(['LOCKED', 'LOCKED']);
    }
    // The door that stood open in a replaced state opened its alarm, and the latest state closed it.
    const raised = await server.db
      .select({ deviceId: alarms.deviceId, compartment: alarms.compartment, state: alarms.alarmState })
      .from(alarms)
      .where(
        and(
          eq(alarms.content, DOOR_RULE.content),
          inArray(
            alarms.deviceId,
            storm.map(({ id }) => id),
          ),
        ),
      );
    expect(raised.sort((a, b) => a.deviceId - b.deviceId)).toEqual(
      storm.map(({ id }) => ({ deviceId: id, compartment: 2, state: 'CLEARED' })).sort((a, b) => a.deviceId - b.deviceId),
    );
  });

  it('a command and an operator’s list get through while the cabinets flood the link with states', async () => {
    const before = link.states.superseded;
    let flooding = true;
    let sent = 0;
    const flood = Promise.all(
      storm.map(async ({ client, number }) => {
        // Bounded: the flood stops when the command is answered, or after 10 s at most.
        const until = Date.now() + 10_000;
        for (let i = 0; flooding && Date.now() < until; i++) {
          await publishState(client, number, i % REPORTS === DOOR_REPORT ? 0 : i % REPORTS);
          sent++;
        }
      }),
    );
    try {
      await eventually(() => expect(link.states.superseded - before).toBeGreaterThan(20), 10_000);
      const answered = await succeed(
        server,
        commandApi.cabinetSend,
        { cabinetId: commanded.id, name: 'CHARGER_OFF', compartment: 1 },
        admin,
      );
      expect(answered).toMatchObject({ name: 'CHARGER_OFF', status: 'SUCCEEDED' });
      const page = await succeed(server, cabinetApi.search, { number: 'CBP' }, admin);
      expect(page.total).toBe(STORM + 1);
    } finally {
      flooding = false;
      await flood;
    }
    await link.idle();
    expect(sent).toBeGreaterThan(link.states.superseded - before);
  });

  // On PostgreSQL only: the test holds the command's row, which on the embedded database holds every statement.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'stores a cabinet’s state while its command’s ACCEPTED waits, and the command’s success only after that',
    async () => {
      // A link as deployed: several control messages at once.
      await gateway.close();
      gateway = await startDeviceGateway(
        server.db,
        { url: mosquitto.url, ...GATEWAY, host: '127.0.0.1', port: 0, heartbeatTimeoutSeconds: 60 },
        log,
        server.app.deviceHub,
      );
      const [{ client, number, id }] = storm as [(typeof storm)[number]];
      const door = async () =>
        (
          await server.db
            .select({ door: cabinetCompartments.doorLock })
            .from(cabinetCompartments)
            .where(and(eq(cabinetCompartments.cabinetId, id), eq(cabinetCompartments.index, 3)))
        )[0]?.door;
      await publishState(client, number, 0);
      await eventually(async () => expect(await door()).toBe('LOCKED'));
      const answer = server.request(commandApi.cabinetSend, { cabinetId: id, name: 'OPEN_DOOR', compartment: 3 }, { token: admin });
      const command = async () =>
        (await server.db.select().from(deviceCommands).where(eq(deviceCommands.cabinetId, id)).orderBy(desc(deviceCommands.issuedAt)))[0]!;
      await eventually(async () => expect((await command()).status).toBe('SENT'));
      const { id: commandId } = await command();
      const result = (status: 'ACCEPTED' | 'SUCCEEDED') =>
        client.publishAsync(cabinetTopic(number, 'cmd-result'), JSON.stringify({ id: commandId, status, ts: new Date().toISOString() }), {
          qos: 1,
        });
      const closed = stateReport(0) as Extract<CabinetState, { online: true }>;
      const opened = {
        ...closed,
        compartments: closed.compartments.map((slot) => (slot.index === 3 ? { ...slot, doorLock: 'UNLOCKED' as const } : slot)),
      };
      await server.db.transaction(async (tx) => {
        // The command's row held: its ACCEPTED cannot be stored meanwhile.
        await tx.execute(sql`select id from device_command where id = ${commandId} for update`);
        await result('ACCEPTED');
        await client.publishAsync(cabinetTopic(number, 'state'), JSON.stringify(opened), { qos: 1, retain: true });
        await result('SUCCEEDED');
        // The state the command changed is stored; the success waits for the ACCEPTED before it.
        await eventually(async () => expect(await door()).toBe('UNLOCKED'));
        expect((await command()).status).toBe('SENT');
      });
      expect((await answer).data).toMatchObject({ name: 'OPEN_DOOR', status: 'SUCCEEDED' });
      const ended = await command();
      expect(ended.status).toBe('SUCCEEDED');
      expect(ended.acceptedAt).not.toBeNull();
      expect(ended.finishedAt).not.toBeNull();
    },
  );
});
