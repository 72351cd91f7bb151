import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  appointmentApi,
  batteryApi,
  cabinetApi,
  deviceLogApi,
  distributionApi,
  stockApi,
  swapApi,
  type SwapEvent,
  vehicleApi,
} from '@swap/contracts';
import { VirtualBattery, newBattery, performSwap, seededRandom, type RunningFleet, type SwapRequest } from '@swap/simulator';
import { exportRows } from '../../test/csv.js';
import { startTestServer, type TestServer, endpointCalls } from '../../test/harness.js';
import { createAccount, type DeviceCallers, issueSecret } from '../../test/factories.js';
import type { DeviceGateway } from '../../device-link/gateway.js';
import { startSimulatedCabinets } from '../../test/device-fixtures.js';
import type { DeviceChange } from '../../app/device-hub.js';
import { batteries } from '../battery/battery.table.js';
import { appointments } from './swap.table.js';
import { expireAppointments } from './swap-event.service.js';
import { eventually } from '../../test/eventually.js';
import { swapTenants } from './swap.fixtures.js';

const CABINET = 'CSW0001';

describe('swaps, the battery rules and reservations with the simulator on the embedded broker', () => {
  let server: TestServer;
  let who: DeviceCallers;
  let other: string;
  let gateway: DeviceGateway;
  let fleet: RunningFleet;
  let cabinetId = 0;
  const ids: Record<string, number> = {};
  let typeId = 0;
  let vehicleType = 0;
  let stationId = 0;
  let allocator = '';
  const changes: DeviceChange[] = [];

  const { call, get, typed } = endpointCalls(() => server);
  const cabinet = async () => (await get(who.merchant, cabinetApi.detail, cabinetId)).data;
  const slotOf = async (index: number) => (await cabinet()).compartments.find((c: { index: number }) => c.index === index);
  const editBattery = (number: string, fields: Record<string, unknown>) =>
    call(who.merchant, batteryApi.edit, { id: ids[number], typeId, ...fields });
  const rider = (number: string) => fleet.batteries.find((b) => b.model.number === number)!.model;
  const swap = (request: Omit<SwapRequest, 'rider'> & { rider: string }) =>
    performSwap(fleet.cabinets[0]!, { ...request, rider: rider(request.rider) });
  const swaps = async (filter: Record<string, unknown> = {}, token = who.merchant) => (await typed(token, swapApi.search, filter)).data;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    const tenants = await swapTenants(server, {
      rivalMenus: ['record.swap', 'record.appointment', 'operation.cabinet'],
      cabinet: CABINET,
      batteries: ['BSW000001', 'BSW000002', 'BSW000003', 'BSW000004'],
    });
    ({ who, rival: other, stationId } = tenants);
    Object.assign(ids, tenants.ids);
    cabinetId = ids[CABINET]!;
    typeId = tenants.types.battery;
    vehicleType = tenants.types.vehicle1;
    allocator = (await createAccount(server, who.admin, { merchantId: who.merchantId, menuCodes: ['allocation.battery'] })).token;
    server.app.deviceHub.onChange((change) => changes.push(change));
    ({ gateway, fleet } = await startSimulatedCabinets(server, who.admin, {
      cabinets: [{ number: CABINET, slots: ['BSW000001', 'BSW000002', 'BSW000004', null] }],
      batteries: true,
    }));
    // The rider's pack is on the road: a device of its own, in no slot.
    const pack = new VirtualBattery(newBattery('BSW000003', seededRandom(3), { lat: -6.2, lng: 106.8 }), {
      url: `mqtt://127.0.0.1:${gateway.port}`,
      secret: await issueSecret(server, who.admin, 'battery', 'BSW000003'),
      random: Math.random,
      faults: { dropRate: 0 },
    });
    await pack.start();
    fleet.batteries.push(pack);
    fleet.cabinets[0]!.slots[0]!.battery!.soc = 97;
    fleet.cabinets[0]!.slots[1]!.battery!.soc = 60;
    await fleet.tick();
    await eventually(async () => expect((await slotOf(1)).batteryNumber).toBe('BSW000001'));
  });
  afterAll(async () => {
    await fleet?.stop();
    await gateway?.close();
    await server?.close();
  });

  it('records a swap and moves the batteries: the full pack leaves, the rider’s pack takes a slot with its charge', async () => {
    rider('BSW000003').soc = 18;
    const outcome = await swap({ customer: 'C20001', rider: 'BSW000003' });
    expect(outcome).toMatchObject({ result: 'SUCCEEDED', batteryOut: 'BSW000001', batteryIn: 'BSW000003' });
    await eventually(async () => expect((await swaps()).total).toBe(1));
    const record = (await swaps()).records[0] ?? expect.unreachable('no swap');
    expect(record).toMatchObject({
      cabinetNumber: CABINET,
      batteryOutNumber: 'BSW000001',
      batteryOutCompartment: 1,
      batteryOutSoc: 97,
      batteryInNumber: 'BSW000003',
      batteryInCompartment: 4,
      batteryInSoc: 18,
      customer: 'C20001',
      result: 'SUCCEEDED',
      failureCode: null,
      merchantId: who.merchantId,
    });
    expect((await typed(who.merchant, swapApi.detail, { id: record.id })).data.id).toBe(record.id);
    await eventually(async () => {
      expect(await slotOf(1)).toMatchObject({ batteryNumber: null, state: 'EMPTY' });
      expect(await slotOf(4)).toMatchObject({ batteryNumber: 'BSW000003', state: 'SWAPPABLE' });
    });
    // Screens watching the cabinet and both batteries hear of the swap.
    expect(changes).toContainEqual({ kind: 'cabinet', number: CABINET, channel: 'event' });
    expect(changes).toContainEqual({ kind: 'battery', number: 'BSW000001', channel: 'event' });
    expect(changes).toContainEqual({ kind: 'battery', number: 'BSW000003', channel: 'event' });
    const out = (await get(who.merchant, batteryApi.detail, ids.BSW000001!)).data;
    expect(out).toMatchObject({ soc: 97, midSwap: false, swapLockedUntil: null });
    // Each battery's log tells where the swap took it.
    const latest = async (number: 'BSW000001' | 'BSW000003') =>
      (await typed(who.merchant, deviceLogApi.battery, { deviceId: ids[number]!, logKind: 'state' })).data.records[0]?.logText;
    expect(await latest('BSW000001')).toBe(`Handed out by cabinet ${CABINET}, compartment 1`);
    expect(await latest('BSW000003')).toBe(`Returned into cabinet ${CABINET}, compartment 4`);
  });

  it('records a redelivered event once and shows a failure in the caller’s language', async () => {
    const failed: SwapEvent = {
      type: 'SWAP',
      eventId: 'evt-failed-1',
      customer: 'C20002',
      batteryIn: { number: 'BSW000001', compartment: 1, soc: 40 },
      batteryOut: null,
      startedAt: '2026-11-20T08:00:00Z',
      endedAt: '2026-11-20T08:01:10Z',
      result: 'FAILED',
      failureCode: 'OPEN_DOOR_FAILURE',
    };
    await fleet.cabinets[0]!.report('event', failed);
    await fleet.cabinets[0]!.report('event', failed);
    await eventually(async () => expect((await swaps()).total).toBe(2));
    await gateway.link.idle();
    expect((await swaps()).total).toBe(2);
    const found = await typed(who.merchant, swapApi.search, { result: 'FAILED' }, 'in');
    expect(found.data.records).toHaveLength(1);
    expect(found.data.records[0]).toMatchObject({ durationSeconds: 70, failureMessage: 'Gagal membuka pintu' });
    // A failed swap moves nothing.
    expect((await slotOf(1)).batteryNumber).toBeNull();
  });

  it('refuses to hand out a battery being returned, one not assigned to a site and a scrapped one, each with its reason', async () => {
    expect((await editBattery('BSW000004', { returnStatus: 'RETURNING' })).data.returnStatus).toBe('RETURNING');
    expect(await swap({ customer: 'C20003', rider: 'BSW000001', compartment: 3 })).toMatchObject({
      result: 'REFUSED',
      reason: 'BATTERY_RETURNING',
    });
    await editBattery('BSW000004', { returnStatus: 'NONE' });
    // Recalled from its station: no longer assigned, so no cabinet hands it out.
    expect((await call(allocator, distributionApi.battery.recall, { numbers: ['BSW000004'] })).code).toBe(1);
    expect(await swap({ customer: 'C20003', rider: 'BSW000001', compartment: 3 })).toMatchObject({
      result: 'REFUSED',
      reason: 'BATTERY_UNASSIGNED',
    });
    expect((await call(allocator, distributionApi.battery.distribute, { numbers: ['BSW000004'], stationId })).code).toBe(1);
    expect((await call(who.merchant, batteryApi.scrap, { numbers: ['BSW000004'], reason: 'Swollen cells' })).code).toBe(1);
    expect(await swap({ customer: 'C20003', rider: 'BSW000001', compartment: 3 })).toMatchObject({
      result: 'REFUSED',
      reason: 'BATTERY_SCRAPPED',
    });
    // Each refusal is an aborted swap on record; the pack stays in its slot.
    await eventually(async () => expect((await swaps({ result: 'ABORTED' })).total).toBe(3));
    expect((await slotOf(3)).batteryNumber).toBe('BSW000004');
    const listed = (await call(who.merchant, batteryApi.search, { returnStatus: 'NONE', distributionStatus: 'ASSIGNED' })).data;
    expect(listed.records.map((b: { number: string }) => b.number)).toContain('BSW000004');
  });

  it('refuses edits, scrap, stock moves, binding and a second hand-out of a battery mid-swap until the swap ends or the hold expires', async () => {
    const cab = fleet.cabinets[0]!;
    const requestId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
    const ask = async (id: string) => {
      const answered = await cab.awaitDownlink(
        'authorize-result',
        (p) => ((p as { requestId?: string }).requestId === id ? p : undefined),
        3000,
      );
      await cab.report('authorize', {
        requestId: id,
        ts: new Date().toISOString(),
        batteryNumber: 'BSW000002',
        compartment: 2,
        customer: 'C20004',
      });
      return (await answered()) as { allowed: boolean; reason?: string; message?: string };
    };
    expect(await ask(requestId)).toMatchObject({ allowed: true });
    await eventually(async () => expect((await get(who.merchant, batteryApi.detail, ids.BSW000002!)).data.midSwap).toBe(true));
    const edit = await editBattery('BSW000002', { name: 'Renamed' });
    expect(edit.code).toBe(6002);
    expect(edit.message).toBe('The battery is in the middle of a swap and cannot be changed now');
    expect((await call(who.merchant, batteryApi.scrap, { numbers: ['BSW000002'], reason: 'Test' })).code).toBe(6002);
    expect((await typed(who.admin, stockApi.battery.in, { numbers: ['BSW000002'] })).code).toBe(6002);
    const bind = await call(who.merchant, vehicleApi.add, { number: 'VSW0001', typeId: vehicleType, battery1Number: 'BSW000002' });
    expect(bind.code).toBe(6002);
    // The same request redelivered is granted again; another one is refused.
    expect(await ask(requestId)).toMatchObject({ allowed: true });
    expect(await ask('0b1c2d3e-4f50-4a6b-8c7d-8e9fa0b1c2d3')).toMatchObject({
      allowed: false,
      reason: 'BATTERY_MID_SWAP',
      message: 'The battery is in the middle of a swap and cannot be changed now',
    });
    // The cabinet never reported the swap: the hold expires.
    await server.db
      .update(batteries)
      .set({ swapLockedUntil: sql`now() - interval '1 second'` })
      .where(eq(batteries.id, ids.BSW000002!));
    expect((await editBattery('BSW000002', { name: 'Renamed' })).code).toBe(1);
  });

  it('holds a reserved compartment for its customer until a swap uses it', async () => {
    const empty = await typed(who.merchant, appointmentApi.add, { cabinetNumber: CABINET, compartment: 1, customer: 'C30001' });
    expect(empty.code).toBe(6005);
    const held = await typed(who.merchant, appointmentApi.add, { cabinetNumber: CABINET, compartment: 2, customer: 'C30001', minutes: 15 });
    expect(held.data).toMatchObject({ status: 'RESERVED', compartment: 2, batteryNumber: 'BSW000002', cabinetNumber: CABINET });
    expect(Date.parse(held.data.expiresAt) - Date.parse(held.data.createdAt)).toBe(15 * 60_000);
    expect((await slotOf(2)).state).toBe('RESERVED');
    expect(changes).toContainEqual({ kind: 'cabinet', number: CABINET, channel: 'appointment' });
    const twice = await typed(who.merchant, appointmentApi.add, { cabinetNumber: CABINET, compartment: 2, customer: 'C30002' });
    expect(twice.code).toBe(6004);
    expect(await swap({ customer: 'C30002', rider: 'BSW000001', compartment: 2 })).toMatchObject({
      result: 'REFUSED',
      reason: 'COMPARTMENT_RESERVED',
    });
    const used = await swap({ customer: 'C30001', rider: 'BSW000001', compartment: 2 });
    expect(used).toMatchObject({ result: 'SUCCEEDED', batteryOut: 'BSW000002' });
    await eventually(async () => expect((await typed(who.merchant, appointmentApi.detail, { id: held.data.id })).data.status).toBe('USED'));
    const detail = (await typed(who.merchant, appointmentApi.detail, { id: held.data.id })).data;
    const record = (await swaps({ customer: 'C30001' })).records[0] ?? expect.unreachable('no swap');
    expect(detail.swapId).toBe(record.id);
    expect(record.appointmentId).toBe(held.data.id);
    expect((await slotOf(2)).state).toBe('EMPTY');
  });

  it('expires a reservation past its time and cancels one on request', async () => {
    // Compartment 4 holds the rider's first pack (BSW000003), charging.
    const held = await typed(who.merchant, appointmentApi.add, { cabinetNumber: CABINET, compartment: 4, customer: 'C30003' });
    expect(held.code).toBe(1);
    await server.db
      .update(appointments)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(appointments.id, held.data.id));
    expect(await expireAppointments(server.db)).toEqual([CABINET]);
    expect((await typed(who.merchant, appointmentApi.detail, { id: held.data.id })).data.status).toBe('EXPIRED');
    expect((await slotOf(4)).state).not.toBe('RESERVED');
    const again = await typed(who.merchant, appointmentApi.add, { cabinetNumber: CABINET, compartment: 4, customer: 'C30004' });
    expect(again.data.status).toBe('RESERVED');
    const cancelled = await typed(who.merchant, appointmentApi.cancel, { id: again.data.id });
    expect(cancelled.data.status).toBe('CANCELLED');
    expect((await typed(who.merchant, appointmentApi.cancel, { id: again.data.id })).code).toBe(6009);
    expect((await typed(who.merchant, appointmentApi.search, { status: 'CANCELLED' })).data.total).toBe(1);
  });

  it('filters, exports and keeps each merchant to its own swaps and reservations', async () => {
    expect((await swaps({ cabinetNumber: 'CSW' })).total).toBeGreaterThanOrEqual(6);
    expect((await swaps({ cabinetNumber: 'CXX' })).total).toBe(0);
    expect((await swaps({ batteryNumber: 'BSW000003', result: 'SUCCEEDED' })).total).toBe(1);
    expect((await swaps({ startedFrom: '2026-11-20T07:00:00Z', startedTo: '2026-11-20T09:00:00Z' })).total).toBe(1);
    const sorted = (await swaps({ sort: { field: 'startedAt', order: 'ascend' } })).records;
    expect(sorted[0]?.eventId).toBe('evt-failed-1');
    const csv = await server.request(swapApi.export, { result: 'FAILED' }, { token: who.merchant });
    expect(csv.raw.headers['content-type']).toContain('text/csv');
    const lines = csv.raw.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Failed to open the door');
    const reservations = await server.request(appointmentApi.export, {}, { token: who.merchant });
    expect(reservations.raw.body.trim().split('\r\n')).toHaveLength(4);
    // As the screens show them: results and reservation states in words, times in the reader's zone.
    const failed = await exportRows(
      server,
      swapApi.export,
      { result: 'FAILED' },
      { token: who.merchant, lang: 'th', timeZone: 'Asia/Jakarta' },
    );
    expect(failed.rows[0]).toMatchObject({ ผลลัพธ์: 'ล้มเหลว' });
    expect(failed.rows[0]?.เริ่ม).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} UTC\+7$/);
    const held = await exportRows(server, appointmentApi.export, {}, { token: who.merchant, lang: 'en', timeZone: 'Asia/Jakarta' });
    expect(held.header).toContain('Expires');
    expect(held.rows.map((row) => row.Status)).toContain('Cancelled');
    expect(held.rows[0]?.Expires).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} UTC\+7$/);

    expect((await swaps({}, other)).total).toBe(0);
    const theirs = (await swaps()).records[0] ?? expect.unreachable('no swap');
    expect((await typed(other, swapApi.detail, { id: theirs.id })).code).toBe(6007);
    expect((await typed(other, appointmentApi.search, {})).data.total).toBe(0);
    expect((await typed(other, appointmentApi.add, { cabinetNumber: CABINET, compartment: 4, customer: 'C1' })).code).toBe(3007);
    expect((await swaps({}, who.admin)).total).toBe((await swaps()).total);
    // A customer number is unique within its merchant only: platform staff narrow by the merchant.
    expect((await swaps({ customer: 'C30001', merchantId: who.merchantId }, who.admin)).total).toBe(1);
    expect((await swaps({ customer: 'C30001', merchantId: who.rivalId }, who.admin)).total).toBe(0);
    const heldBy = (merchantId: number) => typed(who.admin, appointmentApi.search, { customer: 'C30001', merchantId });
    expect([(await heldBy(who.merchantId)).data.total, (await heldBy(who.rivalId)).data.total]).toEqual([1, 0]);
    // Without the grant the list is refused.
    expect((await typed(who.rival, swapApi.search, {})).status).toBe(403);
  });
});
