import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CompartmentReport } from '@swap/contracts';
import { startTestServer, type TestServer } from '../test/harness.js';
import { deviceCallers, createDeviceTypes, type DeviceCallers } from '../test/factories.js';
import { storeCabinetState, markSilentCabinetsOffline } from './device-state.service.js';
import { persistTelemetry, receiveTime, type TelemetryItem } from '../modules/telemetry/index.js';
import { cabinetReport } from '../test/device-fixtures.js';
import { batteryApi, cabinetApi } from '@swap/contracts';

const HERE = 'CDS0001';
const THERE = 'CDS0002';

/** A slot as a cabinet reports it: empty and locked unless told otherwise. */
function slot(index: number, batteryNumber: string | null, fields: Partial<CompartmentReport> = {}): CompartmentReport {
  return {
    index,
    state: batteryNumber ? 'SWAPPABLE' : 'EMPTY',
    doorLock: 'LOCKED',
    batteryLock: batteryNumber ? 'LOCKED' : 'UNLOCKED',
    inPlace: batteryNumber !== null,
    chargerSwitch: batteryNumber ? 'ON' : 'OFF',
    voltage: batteryNumber ? 66.1 : null,
    current: batteryNumber ? 4.2 : null,
    temperature: 31.5,
    preset: 95,
    indicator: batteryNumber ? 'GREEN' : 'OFF',
    fault: null,
    nfcSwitch: 'ON',
    enabled: true,
    batteryNumber,
    ...fields,
  };
}

describe('a cabinet’s reported state', () => {
  let server: TestServer;
  let who: DeviceCallers;
  const ids: Record<string, number> = {};

  const report = (number: string, compartments: CompartmentReport[]) =>
    storeCabinetState(server.db, number, { online: true, ts: new Date().toISOString(), compartments }, new Date());
  const detail = async (number: string) => (await server.request(cabinetApi.detail, { id: ids[number] }, { token: who.admin })).data;
  const packs = async (number: string) => (await detail(number)).compartments.map((c: { batteryNumber: string | null }) => c.batteryNumber);
  /** Each slot row's version: it changes only when the row is written. */
  const versions = async (number: string) => {
    const result = await server.db.execute(
      sql`select cc.xmin::text as v from cabinet_compartment cc join cabinet c on c.id = cc.cabinet_id where c.number = ${number} order by cc.idx`,
    );
    return (result as { rows: { v: string }[] }).rows.map((r) => r.v);
  };

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    who = await deviceCallers(server);
    const types = await createDeviceTypes(server, who.admin);
    for (const number of [HERE, THERE]) {
      const added = await server.request(cabinetApi.add, { number, typeId: types.cabinet }, { token: who.admin });
      ids[number] = added.data.id;
    }
    for (const number of ['BDS000001', 'BDS000002', 'BDS000003'])
      await server.request(batteryApi.add, { number, typeId: types.battery }, { token: who.admin });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('puts the cabinet online with every reported slot and its pack', async () => {
    expect(await report(HERE, [slot(1, 'BDS000001'), slot(2, 'BDS000002'), slot(3, null), slot(4, null, { enabled: false })])).toBe(true);
    const cabinet = await detail(HERE);
    expect(cabinet.online).toBe(true);
    expect(cabinet.lastReportAt).not.toBeNull();
    expect(await packs(HERE)).toEqual(['BDS000001', 'BDS000002', null, null]);
    expect(cabinet.compartments[0]).toMatchObject({ state: 'SWAPPABLE', inPlace: true, chargerSwitch: 'ON', voltage: 66.1, preset: 95 });
    expect(cabinet.compartments[3]).toMatchObject({ state: 'EMPTY', enabled: false, voltage: null });
  });

  it('rewrites only the slots that changed', async () => {
    const before = await versions(HERE);
    await report(HERE, [
      slot(1, 'BDS000001', { doorLock: 'UNLOCKED' }),
      slot(2, 'BDS000002'),
      slot(3, null),
      slot(4, null, { enabled: false }),
    ]);
    const after = await versions(HERE);
    expect(after[0]).not.toBe(before[0]);
    expect(after.slice(1)).toEqual(before.slice(1));
    expect((await detail(HERE)).compartments[0]!.doorLock).toBe('UNLOCKED');
  });

  it('follows packs that swapped slots within the cabinet', async () => {
    await report(HERE, [slot(1, 'BDS000002'), slot(2, 'BDS000001'), slot(3, 'BDS000003'), slot(4, null)]);
    expect(await packs(HERE)).toEqual(['BDS000002', 'BDS000001', 'BDS000003', null]);
  });

  it('releases a pack from the cabinet it was last seen in when another cabinet reports it', async () => {
    await report(THERE, [slot(1, null), slot(2, 'BDS000003'), slot(3, null), slot(4, null)]);
    expect(await packs(THERE)).toEqual([null, 'BDS000003', null, null]);
    expect(await packs(HERE)).toEqual(['BDS000002', 'BDS000001', null, null]);
  });

  it('empties a slot left out of the report and keeps an unregistered pack out', async () => {
    await report(HERE, [slot(1, 'BDS000002'), slot(2, 'BDS999999')]);
    expect(await packs(HERE)).toEqual(['BDS000002', null, null, null]);
    expect(await packs(THERE)).toEqual([null, 'BDS000003', null, null]);
  });

  it('answers false for a cabinet nobody registered, and takes a last will offline', async () => {
    expect(await report('CDS9999', [slot(1, null)])).toBe(false);
    expect(await storeCabinetState(server.db, HERE, { online: false }, new Date())).toBe(true);
    expect((await detail(HERE)).online).toBe(false);
    expect(await packs(HERE)).toEqual(['BDS000002', null, null, null]);
  });

  it('keeps a cabinet that went away by its last will offline until its next state, while telemetry revives a silent one', async () => {
    const online = async () => (await detail(THERE)).online;
    const telemetry = (humidity: number): TelemetryItem => ({
      kind: 'cabinet',
      number: THERE,
      at: receiveTime(),
      payload: cabinetReport({ humidity }),
    });
    await report(THERE, [slot(1, null)]);
    await storeCabinetState(server.db, THERE, { online: false }, new Date());
    // Telemetry it sent before the will, read after it: the readings count, the cabinet stays offline.
    await persistTelemetry(server.db, [telemetry(41)]);
    expect(await online()).toBe(false);
    expect((await detail(THERE)).humidity).toBe(41);
    await report(THERE, [slot(1, null)]);
    expect(await online()).toBe(true);

    // Silent past the heartbeat timeout (no will): its next telemetry brings it back.
    expect(await markSilentCabinetsOffline(server.db, 0)).toBeGreaterThan(0);
    expect(await online()).toBe(false);
    await persistTelemetry(server.db, [telemetry(42)]);
    expect(await online()).toBe(true);

    // A state heard earlier than the telemetry already handled (a retained one) keeps the later hearing.
    const heard = (await detail(THERE)).lastReportAt as string;
    const hourAgo = new Date(Date.now() - 3_600_000);
    await storeCabinetState(server.db, THERE, { online: true, ts: hourAgo.toISOString(), compartments: [slot(1, null)] }, hourAgo);
    expect((await detail(THERE)).lastReportAt).toBe(heard);
  });
});
