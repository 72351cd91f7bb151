import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batteryApi, cabinetApi, swapApi, type SwapEvent } from '@swap/contracts';
import { newBattery, performSwap, seededRandom, type RunningFleet } from '@swap/simulator';
import { startTestServer, type TestServer, endpointCalls } from '../../test/harness.js';
import type { DeviceCallers } from '../../test/factories.js';
import type { DeviceGateway } from '../../device-link/gateway.js';
import { startSimulatedCabinets } from '../../test/device-fixtures.js';
import { eventually } from '../../test/eventually.js';
import { swapTenants } from './swap.fixtures.js';

const CABINET = 'CSF0001';

describe('failed swaps from the simulator on the embedded broker', () => {
  let server: TestServer;
  let who: DeviceCallers;
  let other: string;
  let gateway: DeviceGateway;
  let fleet: RunningFleet;
  let cabinetId = 0;
  const ids: Record<string, number> = {};
  const rider = newBattery('BSF000003', seededRandom(7), { lat: -6.2, lng: 106.8 });

  const { get, typed } = endpointCalls(() => server);
  const slots = async () =>
    (
      (await get(who.merchant, cabinetApi.detail, cabinetId)).data.compartments as {
        index: number;
        batteryNumber: string | null;
        inPlace: boolean;
      }[]
    )
      .sort((a, b) => a.index - b.index)
      .map((c) => (c.inPlace ? (c.batteryNumber ?? '?') : null));
  const battery = async (number: string) => (await get(who.merchant, batteryApi.detail, ids[number]!)).data;
  const swaps = async (filter: Record<string, unknown> = {}, token = who.merchant, lang?: 'en' | 'in' | 'th' | 'zh') =>
    (await typed(token, swapApi.search, filter, lang)).data;
  const cab = () => fleet.cabinets[0]!;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    const tenants = await swapTenants(server, {
      rivalMenus: ['record.swap', 'operation.cabinet', 'operation.battery'],
      cabinet: CABINET,
      batteries: ['BSF000001', 'BSF000002', 'BSF000003'],
    });
    ({ who, rival: other } = tenants);
    Object.assign(ids, tenants.ids);
    cabinetId = ids[CABINET]!;
    ({ gateway, fleet } = await startSimulatedCabinets(server, who.admin, {
      cabinets: [{ number: CABINET, slots: ['BSF000001', 'BSF000002', null, null] }],
      batteries: false,
    }));
    cab().slots[0]!.battery!.soc = 98;
    cab().slots[1]!.battery!.soc = 70;
    await fleet.tick();
    await eventually(async () => expect(await slots()).toEqual(['BSF000001', 'BSF000002', null, null]));
  });
  afterAll(async () => {
    await fleet?.stop();
    await gateway?.close();
    await server?.close();
  });

  it('records a door failure in the reader’s language, moves nothing and releases the authorized battery', async () => {
    cab().failNextSwap('OPEN_DOOR_FAILURE');
    const outcome = await performSwap(cab(), { customer: 'C40001', rider });
    expect(outcome).toMatchObject({ result: 'FAILED', failureCode: 'OPEN_DOOR_FAILURE', riderKeepsPack: true });
    await eventually(async () => expect((await swaps()).total).toBe(1));
    const record = (await swaps()).records[0] ?? expect.unreachable('no swap');
    expect(record).toMatchObject({
      cabinetNumber: CABINET,
      result: 'FAILED',
      failureCode: 'OPEN_DOOR_FAILURE',
      failureMessage: 'Failed to open the door',
      batteryOutNumber: 'BSF000001',
      batteryInNumber: null,
      customer: 'C40001',
    });
    expect((await swaps({}, who.merchant, 'th')).records[0]?.failureMessage).toBe('เปิดประตูไม่สำเร็จ');
    expect((await typed(who.merchant, swapApi.detail, { id: record.id })).data.failureMessage).toBe('Failed to open the door');
    expect(await slots()).toEqual(['BSF000001', 'BSF000002', null, null]);
    // The authorization held the pack mid-swap; the failed swap ends the hold and keeps its charge as it was.
    expect(await battery('BSF000001')).toMatchObject({ midSwap: false, swapLockedUntil: null });
  });

  it('keeps the rider’s pack in its compartment after a failed hand-out: the state report places it, the full pack stays', async () => {
    cab().failNextSwap('IN_PLACE_MISMATCH');
    rider.soc = 21;
    const outcome = await performSwap(cab(), { customer: 'C40002', rider });
    expect(outcome).toMatchObject({ result: 'FAILED', failureCode: 'IN_PLACE_MISMATCH', riderKeepsPack: false });
    await eventually(async () => expect((await swaps({ customer: 'C40002' })).total).toBe(1));
    const found = await swaps({ customer: 'C40002' }, who.merchant, 'in');
    expect(found.records[0]).toMatchObject({
      result: 'FAILED',
      failureMessage: 'Deteksi keberadaan tidak cocok',
      batteryInNumber: 'BSF000003',
      batteryInCompartment: 3,
      batteryOutNumber: 'BSF000001',
    });
    await eventually(async () => expect(await slots()).toEqual(['BSF000001', 'BSF000002', 'BSF000003', null]));
    // A success would have emptied compartment 1; the authorized pack is free again.
    expect(await battery('BSF000001')).toMatchObject({ midSwap: false });
  });

  it('shows an unidentified pack in place without a number after a battery-ID read failure', async () => {
    cab().failNextSwap('READ_BATTERY_ID_FAILURE');
    const pack = newBattery('BSF000009', seededRandom(9), { lat: -6.2, lng: 106.8 });
    expect(await performSwap(cab(), { customer: 'C40003', rider: pack })).toMatchObject({ result: 'FAILED', riderKeepsPack: false });
    await eventually(async () => expect((await swaps({ customer: 'C40003' })).total).toBe(1));
    expect((await swaps({ customer: 'C40003' }, who.merchant, 'zh')).records[0]).toMatchObject({
      failureMessage: '读取电池 ID 失败',
      batteryInNumber: null,
    });
    await eventually(async () => expect(await slots()).toEqual(['BSF000001', 'BSF000002', 'BSF000003', '?']));
    expect(await battery('BSF000002')).toMatchObject({ midSwap: false });
  });

  it('releases the hold of a failed swap that names no battery, by its authorization', async () => {
    const requestId = '7a1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4c';
    const answered = await cab().awaitDownlink(
      'authorize-result',
      (p) => ((p as { requestId?: string }).requestId === requestId ? p : undefined),
      3000,
    );
    await cab().report('authorize', {
      requestId,
      ts: new Date().toISOString(),
      batteryNumber: 'BSF000002',
      compartment: 2,
      customer: 'C40004',
    });
    expect(await answered()).toMatchObject({ allowed: true });
    await eventually(async () => expect((await battery('BSF000002')).midSwap).toBe(true));
    const failed: SwapEvent = {
      type: 'SWAP',
      eventId: 'evt-no-battery',
      requestId,
      customer: 'C40004',
      batteryIn: null,
      batteryOut: null,
      startedAt: new Date().toISOString(),
      endedAt: new Date().toISOString(),
      result: 'FAILED',
      failureCode: 'DOOR_FAILURE',
    };
    await cab().report('event', failed);
    await eventually(async () => expect((await battery('BSF000002')).midSwap).toBe(false));
    expect(await slots()).toEqual(['BSF000001', 'BSF000002', 'BSF000003', '?']);
  });

  it('lists one cabinet’s and one battery’s swaps by id, newest first, only for their owner', async () => {
    const mine = await swaps({ cabinetId });
    expect(mine.total).toBe(4);
    expect(mine.records.map((r) => r.customer)).toEqual(['C40004', 'C40003', 'C40002', 'C40001']);
    const ofBattery = await swaps({ batteryId: ids.BSF000003 });
    expect(ofBattery.records.map((r) => r.customer)).toEqual(['C40002']);
    // The fullest pack was the one each of the three swaps was to hand out.
    expect((await swaps({ batteryId: ids.BSF000001 })).total).toBe(3);
    expect((await swaps({ batteryId: ids.BSF000001, result: 'SUCCEEDED' })).total).toBe(0);
    // Another merchant's operator asking by this cabinet's or battery's id sees nothing.
    expect((await swaps({ cabinetId }, other)).total).toBe(0);
    expect((await swaps({ batteryId: ids.BSF000001 }, other)).total).toBe(0);
    expect((await swaps({}, other)).total).toBe(0);
    expect((await swaps({ cabinetId }, who.admin)).total).toBe(4);
  });
});
