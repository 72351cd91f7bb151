import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { appointmentApi, swapApi, type SwapEvent } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  assignToStation,
  createCabinetWithBatteries,
  createCustomer,
  createDevices,
  succeed,
  twoMerchants,
  unique,
  type Caller,
  type MerchantFixture,
} from '../../test/factories.js';
import { openDatabase, type Database } from '../../db/client.js';
import { appointments, referenceBackfills, swapRecords } from './swap.table.js';
import { batteries } from '../battery/battery.table.js';
import { applySwapEvent, backfillCustomerBatch, backfillCustomerReferences, REFERENCE_BACKFILLS } from './index.js';

const MENUS = ['record.swap', 'record.appointment', 'customer.list'];

describe('swaps and reservations refer to their customer (docs/customers.md, "Swaps and reservations")', () => {
  let server: TestServer;
  let platform: Caller;
  let a: MerchantFixture;
  let b: MerchantFixture;
  let cabinetA: { cabinetId: number; cabinetNumber: string; batteryNumbers: string[] };
  let cabinetB: { cabinetId: number; cabinetNumber: string; batteryNumbers: string[] };
  /** The same customer number at both merchants: two different customers. */
  const number = unique('CR').slice(0, 20);
  let customerA = 0;
  let customerB = 0;
  let events = 0;
  let batteryType = 0;

  const event = (customer: string | null, startedAt = new Date()): SwapEvent => ({
    type: 'SWAP',
    eventId: `ev-${++events}`,
    batteryIn: null,
    batteryOut: null,
    result: 'FAILED',
    failureCode: 'OPEN_DOOR_FAILURE',
    ...(customer === null ? {} : { customer }),
    startedAt: startedAt.toISOString(),
    endedAt: new Date(startedAt.getTime() + 30_000).toISOString(),
  });
  const swapRow = async (cabinetId: number, eventId: string) =>
    (
      await server.db
        .select()
        .from(swapRecords)
        .where(eq(swapRecords.eventId, eventId))
        .then((rows) => rows.filter((row) => row.cabinetId === cabinetId))
    )[0]!;
  const resetBackfills = async () => {
    await server.db
      .insert(referenceBackfills)
      .values(REFERENCE_BACKFILLS.map((name) => ({ name })))
      .onConflictDoUpdate({ target: referenceBackfills.name, set: { lastId: 0, finishedAt: null } });
  };

  beforeAll(async () => {
    // The backfill is run by the test itself, not beside it in the background.
    server = await startTestServer({ DEMO: '0', REFERENCE_BACKFILL_PAUSE_MS: '0' });
    const { types, ...tenants } = await twoMerchants(server, MENUS);
    ({ platform, a, b } = tenants);
    batteryType = types.battery;
    cabinetA = await createCabinetWithBatteries(server, platform.token, { types, prefix: unique('RA'), batteries: 4, merchantId: a.id });
    cabinetB = await createCabinetWithBatteries(server, platform.token, { types, prefix: unique('RB'), batteries: 4, merchantId: b.id });
    await assignToStation(server, platform.token, 'battery', cabinetA.batteryNumbers, a.id);
    customerA = (await createCustomer(server, a.admin.token, { customerNumber: number })).id;
    customerB = (await createCustomer(server, b.admin.token, { customerNumber: number })).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a new swap refers to its cabinet owner’s customer of the number; an unknown number keeps the number only', async () => {
    const first = event(number);
    await applySwapEvent(server.db, cabinetA.cabinetNumber, first);
    expect(await swapRow(cabinetA.cabinetId, first.eventId)).toMatchObject({ customer: number, customerId: customerA });
    const theirs = event(number);
    await applySwapEvent(server.db, cabinetB.cabinetNumber, theirs);
    expect(await swapRow(cabinetB.cabinetId, theirs.eventId)).toMatchObject({ customer: number, customerId: customerB });
    const stranger = event('C-NOBODY-1');
    await applySwapEvent(server.db, cabinetA.cabinetNumber, stranger);
    expect(await swapRow(cabinetA.cabinetId, stranger.eventId)).toMatchObject({ customer: 'C-NOBODY-1', customerId: null });
    const nobody = event(null);
    await applySwapEvent(server.db, cabinetA.cabinetNumber, nobody);
    expect(await swapRow(cabinetA.cabinetId, nobody.eventId)).toMatchObject({ customer: null, customerId: null });
  });

  it('the customer’s swaps are read by the reference, each merchant its own; another merchant’s customer id finds nothing', async () => {
    const own = await succeed(server, swapApi.search, { customerId: customerA, size: 50 }, a.admin.token);
    expect(own.records.length).toBeGreaterThan(0);
    expect(own.records.every((row) => row.customerId === customerA && row.merchantId === a.id)).toBe(true);
    expect((await succeed(server, swapApi.search, { customerId: customerB, size: 50 }, a.admin.token)).records).toEqual([]);
    // Platform staff see the one customer's swaps, not the other merchant's customer of the same number.
    const all = await succeed(server, swapApi.search, { customerId: customerB, size: 50 }, platform.token);
    expect(all.records.map((row) => row.cabinetNumber)).toEqual(all.records.map(() => cabinetB.cabinetNumber));
    const bad = await server.request(swapApi.search, { customerId: -1 }, { token: a.admin.token });
    expect(bad.code).toBe(1002);
  });

  it('a reservation refers to the customer; the customer’s reservations are read by it', async () => {
    const held = await succeed(
      server,
      appointmentApi.add,
      { cabinetNumber: cabinetA.cabinetNumber, compartment: 1, customer: number },
      a.admin.token,
    );
    expect(held.customerId).toBe(customerA);
    const other = await succeed(
      server,
      appointmentApi.add,
      { cabinetNumber: cabinetA.cabinetNumber, compartment: 2, customer: 'C-NOBODY-2' },
      a.admin.token,
    );
    expect(other).toMatchObject({ customer: 'C-NOBODY-2', customerId: null });
    const listed = await succeed(server, appointmentApi.search, { customerId: customerA }, a.admin.token);
    expect(listed.records.map((row) => row.id)).toEqual([held.id]);
    expect((await succeed(server, appointmentApi.search, { customerId: customerA }, b.admin.token)).records).toEqual([]);
  });

  it('a held battery brought back in a swap passes its holder to the battery handed out', async () => {
    const [held] = (
      await createDevices(server, platform.token, 'battery', 1, { typeId: batteryType, prefix: unique('HB'), merchantId: a.id })
    ).numbers;
    // Held by the customer, as a battery order's hand-over leaves it.
    await server.db.update(batteries).set({ holderCustomerId: customerA }).where(eq(batteries.number, held!));
    const out = cabinetA.batteryNumbers[3]!;
    const at = new Date();
    await applySwapEvent(server.db, cabinetA.cabinetNumber, {
      ...event(number, at),
      result: 'SUCCEEDED',
      failureCode: undefined,
      batteryIn: { number: held!, compartment: 4, soc: 12 },
      batteryOut: { number: out, compartment: 4, soc: 98 },
    });
    const holders = await server.db
      .select({ number: batteries.number, holder: batteries.holderCustomerId })
      .from(batteries)
      .where(inArray(batteries.number, [held!, out]));
    expect(Object.fromEntries(holders.map((row) => [row.number, row.holder]))).toEqual({ [held!]: null, [out]: customerA });
  });

  it('the backfill sets the reference of rows stored without one, in batches, and a second run (or two at once) changes nothing', async () => {
    // Rows as stored before the reference existed: the number only.
    const at = new Date(Date.now() - 86_400_000);
    const old = await server.db
      .insert(swapRecords)
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          cabinetId: i % 2 ? cabinetB.cabinetId : cabinetA.cabinetId,
          eventId: `old-${i}`,
          customer: i === 6 ? 'C-NOBODY-3' : number,
          startedAt: at,
          endedAt: at,
          result: 'FAILED' as const,
          merchantId: i % 2 ? b.id : a.id,
        })),
      )
      .returning({ id: swapRecords.id });
    const [oldHold] = await server.db
      .insert(appointments)
      .values({
        cabinetId: cabinetA.cabinetId,
        compartment: 3,
        customer: number,
        status: 'EXPIRED',
        expiresAt: at,
        closedAt: at,
        merchantId: a.id,
        createdAt: at,
      })
      .returning({ id: appointments.id });
    const ids = old.map((row) => row.id);
    const refs = async () =>
      (
        await server.db
          .select({ id: swapRecords.id, customerId: swapRecords.customerId })
          .from(swapRecords)
          .where(inArray(swapRecords.id, ids))
      )
        .sort((x, y) => x.id - y.id)
        .map((row) => row.customerId);

    await resetBackfills();
    const ran = await backfillCustomerReferences(server.db, 2);
    expect(ran['swap_record.customer_id']).toBe(6);
    expect(ran['appointment.customer_id']).toBe(1);
    const expected = [customerA, customerB, customerA, customerB, customerA, customerB, null];
    expect(await refs()).toEqual(expected);
    const [hold] = await server.db.select().from(appointments).where(eq(appointments.id, oldHold!.id));
    expect(hold?.customerId).toBe(customerA);
    const progress = await server.db.select().from(referenceBackfills);
    expect(progress.every((row) => row.finishedAt !== null)).toBe(true);

    // Finished: nothing more; from the start again: the rows set stay as they are.
    expect(await backfillCustomerReferences(server.db, 2)).toEqual({ 'swap_record.customer_id': 0, 'appointment.customer_id': 0 });
    await resetBackfills();
    expect(await backfillCustomerReferences(server.db, 3)).toEqual({ 'swap_record.customer_id': 0, 'appointment.customer_id': 0 });
    expect(await refs()).toEqual(expected);

    // Two servers at once on rows without their reference: each row set once, no range done twice.
    await server.db.update(swapRecords).set({ customerId: null }).where(inArray(swapRecords.id, ids));
    await resetBackfills();
    let second: Database | undefined;
    try {
      if (server.databaseUrl) second = await openDatabase({ databaseUrl: server.databaseUrl, dataDir: 'memory://' });
      const runs = await Promise.all([backfillCustomerReferences(server.db, 1), backfillCustomerReferences((second ?? server).db, 1)]);
      expect(runs[0]['swap_record.customer_id'] + runs[1]['swap_record.customer_id']).toBe(6);
    } finally {
      await second?.close();
    }
    expect(await refs()).toEqual(expected);
    // A batch past the end is finished at once.
    expect(await backfillCustomerBatch(server.db, 'swap_record.customer_id')).toEqual({ updated: 0, finished: true });
  });
});
