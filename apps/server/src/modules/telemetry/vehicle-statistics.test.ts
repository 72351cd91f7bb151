import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { batteryApi, cabinetApi, vehicleApi, type SwapEvent } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createDeviceTypes, deviceCallers, type DeviceCallers } from '../../test/factories.js';
import { applySwapEvent } from '../swap/index.js';
import { swapRecords } from '../swap/swap.table.js';

const DAY = 86_400_000;

describe('vehicle statistics: the swaps a vehicle was served, its distance and charge per day', () => {
  let server: TestServer;
  let who: DeviceCallers;
  const ids: Record<string, number> = {};
  let eventCount = 0;

  const add = async (kind: 'vehicle' | 'battery' | 'cabinet', body: Record<string, unknown>) => {
    const api = { vehicle: vehicleApi, battery: batteryApi, cabinet: cabinetApi }[kind];
    const added = await server.request(api.add, body as never, { token: who.admin });
    expect(added.code).toBe(1);
    ids[body.number as string] = (added.data as { id: number }).id;
  };
  /** A swap at the cabinet `minutes` after `day` midnight (UTC) `daysAgo` days back, as the cabinet reports it. */
  const swapAt = async (cabinet: string, when: Date, event: Partial<SwapEvent>) => {
    eventCount += 1;
    const startedAt = when.toISOString();
    const endedAt = new Date(when.getTime() + 40_000).toISOString();
    await applySwapEvent(server.db, cabinet, {
      type: 'SWAP',
      eventId: `E${eventCount}`,
      startedAt,
      endedAt,
      result: 'SUCCEEDED',
      ...event,
    } as SwapEvent);
  };
  const records = async () =>
    (await server.db.select({ vehicleId: swapRecords.vehicleId }).from(swapRecords).orderBy(asc(swapRecords.id))).map((r) => r.vehicleId);
  const vehicle = async (number: string) => (await server.request(vehicleApi.detail, { id: ids[number]! }, { token: who.admin })).data;
  const battery = async (number: string) => (await server.request(batteryApi.detail, { id: ids[number]! }, { token: who.admin })).data;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    who = await deviceCallers(server);
    const types = await createDeviceTypes(server, who.admin);
    const merchantId = who.merchantId;
    await add('cabinet', { number: 'CVS0001', typeId: types.cabinet, merchantId });
    await add('cabinet', { number: 'CVS0002', typeId: types.cabinet, merchantId: who.rivalId });
    for (const number of ['BVS000001', 'BVS000002', 'BVS000003', 'BVS000004'])
      await add('battery', { number, typeId: types.battery, merchantId, distributionStatus: 'ASSIGNED' });
    await add('battery', { number: 'BVS000009', typeId: types.battery, merchantId: who.rivalId, distributionStatus: 'ASSIGNED' });
    await add('vehicle', { number: 'VVS0001', typeId: types.vehicle1, merchantId, battery1Number: 'BVS000001' });
    await add('vehicle', { number: 'VVS0002', typeId: types.vehicle1, merchantId });
    await add('vehicle', { number: 'VVS0009', typeId: types.vehicle1, merchantId: who.rivalId, battery1Number: 'BVS000009' });
  });
  afterAll(() => server?.close());

  it('names the vehicle a swap served: the one holding the returned pack, which then rides on the pack handed out', async () => {
    const base = Date.now() - 3 * DAY;
    await swapAt('CVS0001', new Date(base), {
      batteryIn: { number: 'BVS000001', compartment: 1, soc: 12 },
      batteryOut: { number: 'BVS000002', compartment: 2, soc: 98 },
    });
    expect(await records()).toEqual([ids.VVS0001]);
    expect((await vehicle('VVS0001')).battery1Number).toBe('BVS000002');
    expect((await battery('BVS000002')).vehicleNumber).toBe('VVS0001');
    expect((await battery('BVS000001')).vehicleNumber).toBeNull();
    // The next swap of the same vehicle is found by the pack it now carries.
    await swapAt('CVS0001', new Date(base + 3_600_000), {
      batteryIn: { number: 'BVS000002', compartment: 2, soc: 20 },
      batteryOut: { number: 'BVS000003', compartment: 3, soc: 97 },
    });
    expect(await records()).toEqual([ids.VVS0001, ids.VVS0001]);
    expect((await vehicle('VVS0001')).battery1Number).toBe('BVS000003');
  });

  it('falls back on the vehicle number the cabinet read as the customer, of the cabinet’s owner only', async () => {
    const base = Date.now() - 2 * DAY;
    // A return that failed: no pack named, the customer is the vehicle's number.
    await swapAt('CVS0001', new Date(base), { result: 'FAILED', failureCode: 'DOOR_FAILURE', customer: 'VVS0002' });
    // Another owner's vehicle number, and a customer that is no vehicle: no vehicle.
    await swapAt('CVS0001', new Date(base + 60_000), { result: 'FAILED', failureCode: 'DOOR_FAILURE', customer: 'VVS0009' });
    await swapAt('CVS0001', new Date(base + 120_000), { result: 'ABORTED', customer: 'C10001' });
    // The rival's pack returned at the merchant's cabinet is refused: no vehicle, nothing moves.
    await swapAt('CVS0001', new Date(base + 180_000), {
      batteryIn: { number: 'BVS000009', compartment: 1, soc: 30 },
      batteryOut: { number: 'BVS000004', compartment: 4, soc: 99 },
    });
    expect((await records()).slice(2)).toEqual([ids.VVS0002, null, null, null]);
    expect((await vehicle('VVS0009')).battery1Number).toBe('BVS000009');
    expect((await vehicle('VVS0002')).battery1Number).toBeNull();
  });
});
