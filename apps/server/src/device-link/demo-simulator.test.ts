import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../test/harness.js';
import { createDeviceTypes, platformAdmin } from '../test/factories.js';
import { vehicles } from '../modules/vehicle/vehicle.table.js';
import { seedDemoDeviceCredentials } from '../modules/device-credential/index.js';
import { writeDemoFleet } from './demo-fleet.js';
import { startDemoSimulator, type DemoSimulator } from './demo-simulator.js';
import type { DeviceGateway } from './gateway.js';
import { startEmbeddedGateway } from '../test/device-fixtures.js';
import { alarmApi, cabinetApi, vehicleApi, type AlarmRuleAdd } from '@swap/contracts';
import { eventually } from '../test/eventually.js';

const MASTER = 'demo-fleet-test-master';

describe('the demo fleet of npm start', () => {
  let server: TestServer;
  let gateway: DeviceGateway;
  let simulator: DemoSimulator | undefined;
  let admin: string;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = (await platformAdmin(server)).token;
    const types = await createDeviceTypes(server, admin);
    await server.request(cabinetApi.add, { number: 'CDF0001', typeId: types.cabinet }, { token: admin });
    await server.request(vehicleApi.add, { number: 'VBK09001', typeId: types.vehicle1 }, { token: admin });
    await server.db.update(vehicles).set({ activationStatus: 'ACTIVATED' }).where(eq(vehicles.number, 'VBK09001'));
    await seedDemoDeviceCredentials(server.db, MASTER);
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    ({ gateway } = await startEmbeddedGateway(server, log));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swap-demo-fleet-'));
  });
  afterAll(async () => {
    await simulator?.stop();
    await gateway?.close();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes the fleet file and runs its cabinets and vehicles beside the server until stopped', async () => {
    const fleetFile = path.join(dir, 'demo-fleet.json');
    expect(await writeDemoFleet(server.db, fleetFile)).toBe(1);
    const written = JSON.parse(fs.readFileSync(fleetFile, 'utf8')) as { cabinets: { number: string }[]; vehicles: string[] };
    expect(written.cabinets.map((c) => c.number)).toEqual(['CDF0001']);
    expect(written.vehicles).toEqual(['VBK09001']);

    const lines: string[] = [];
    const log = { info: (_f: object, line: string) => lines.push(line), warn: (_f: object, line: string) => lines.push(line) };
    simulator = startDemoSimulator(
      {
        port: gateway.port!,
        fleetFile,
        cabinets: 1,
        vehicles: 1,
        intervalMs: 200,
        masterSecret: MASTER,
        // As main.ts starts it: firmware from the server's own http address.
        firmwareOrigin: 'http://127.0.0.1:3000',
      },
      log,
    );
    expect(simulator).toBeDefined();
    const cabinetId = (await server.request(cabinetApi.search, { number: 'CDF0001' }, { token: admin })).data.records[0]!.id;
    const deadline = Date.now() + 20_000;
    let online = false;
    let vehicle: { latitude: number | null; accState: string } | undefined;
    while (Date.now() < deadline && !(online && vehicle?.latitude)) {
      online = (await server.request(cabinetApi.detail, { id: cabinetId }, { token: admin })).data.online;
      [vehicle] = await server.db.select().from(vehicles).where(eq(vehicles.number, 'VBK09001'));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(online).toBe(true);
    // A Bangkok vehicle, somewhere in Bangkok.
    expect(vehicle?.latitude).toBeGreaterThan(13.6);
    expect(vehicle?.latitude).toBeLessThan(13.95);
    expect(lines.some((line) => line.includes('fleet up: 1 cabinets'))).toBe(true);

    await simulator!.stop();
    simulator = undefined;
    // A clean stop says goodbye: the cabinet reports itself offline.
    const until = Date.now() + 5000;
    while (Date.now() < until && online) {
      online = (await server.request(cabinetApi.detail, { id: cabinetId }, { token: admin })).data.online;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(online).toBe(false);
  });

  it('raises a condition through the control API that opens the matching alarm, held again after a restart, until cleared', async () => {
    const rule: AlarmRuleAdd = {
      alarmKind: 'cabinet',
      parameter: 'smoke',
      rangeFrom: null,
      rangeTo: null,
      holdSeconds: 0,
      clearMargin: 0,
      level: 'HIGH',
      content: 'Smoke in the demo cabinet',
      notifications: ['IN_APP'],
      enabled: true,
    };
    await server.request(alarmApi.rules.add, rule, { token: admin });
    const fleetFile = path.join(dir, 'demo-fleet.json');
    const start = async () => {
      const lines: string[] = [];
      const log = { info: (_f: object, line: string) => lines.push(line), warn: (_f: object, line: string) => lines.push(line) };
      simulator = startDemoSimulator(
        { port: gateway.port!, fleetFile, cabinets: 1, vehicles: 0, intervalMs: 200, masterSecret: MASTER, controlPort: 0 },
        log,
      );
      let origin = '';
      await eventually(() => {
        origin = /control: (http:\/\/127\.0\.0\.1:\d+)/.exec(lines.join('\n'))?.[1] ?? '';
        expect(origin).not.toBe('');
      }, 20_000);
      return origin;
    };
    const smoke = async () =>
      (await server.request(alarmApi.cabinet.search, { deviceNumber: 'CDF0001' }, { token: admin })).data.records
        .filter((a) => a.content === rule.content)
        .map((a) => [a.content, a.alarmState]);

    let origin = await start();
    const raised = await fetch(`${origin}/conditions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ device: 'CDF0001', condition: 'smoke' }),
    });
    expect(raised.status).toBe(200);
    await eventually(async () => expect(await smoke()).toEqual([['Smoke in the demo cabinet', 'OPEN']]), 15_000);

    // The fleet file carries the open alarm's condition: a new run holds it from its start.
    await writeDemoFleet(server.db, fleetFile);
    expect((JSON.parse(fs.readFileSync(fleetFile, 'utf8')) as { conditions: unknown[] }).conditions).toEqual([
      { device: 'CDF0001', condition: 'smoke' },
    ]);
    await simulator!.stop();
    origin = await start();
    const held = (await (await fetch(`${origin}/conditions`)).json()) as { conditions: unknown[] };
    expect(held.conditions).toEqual([{ device: 'CDF0001', condition: 'smoke' }]);
    // Several reports later the alarm is still the one that opened, not cleared.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await smoke()).toEqual([['Smoke in the demo cabinet', 'OPEN']]);

    expect((await fetch(`${origin}/conditions/CDF0001/smoke`, { method: 'DELETE' })).status).toBe(200);
    await eventually(async () => expect(await smoke()).toEqual([['Smoke in the demo cabinet', 'CLEARED']]), 15_000);
    await simulator!.stop();
    simulator = undefined;
  });
});
