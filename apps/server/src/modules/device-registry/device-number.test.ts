import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { deviceCallers, createDeviceTypes, type DeviceCallers } from '../../test/factories.js';
import { batteries } from '../battery/battery.table.js';
import { cabinetCompartments, cabinets } from '../cabinet/cabinet.table.js';
import { vehicles } from '../vehicle/vehicle.table.js';
import { numberConflict } from './index.js';
import { deviceNumbers } from './device-number.table.js';
import { batteryApi, cabinetApi, endpointUrl, type EndpointDef, vehicleApi } from '@swap/contracts';

const onPostgres = !!process.env.TEST_DATABASE_URL;

/** A device number is its MQTT username and client id: one number, one device, across the three kinds. */
describe('device numbers are unique across kinds', () => {
  let server: TestServer;
  let who: DeviceCallers;
  let types: Awaited<ReturnType<typeof createDeviceTypes>>;

  const post = (endpoint: EndpointDef, body: unknown, lang?: 'en' | 'in' | 'th' | 'zh') =>
    server.call('POST', endpointUrl(endpoint), { token: who.admin, body, ...(lang ? { lang } : {}) });
  const addBattery = (number: string, lang?: 'en' | 'zh') => post(batteryApi.add, { number, typeId: types.battery }, lang);
  const addCabinet = (number: string, lang?: 'en' | 'zh') => post(cabinetApi.add, { number, typeId: types.cabinet }, lang);
  const addVehicle = (number: string, lang?: 'en' | 'zh') => post(vehicleApi.add, { number, typeId: types.vehicle1 }, lang);
  /** Which tables hold the number, and the kind the registry gives it. */
  const holders = async (number: string) => {
    const [battery] = await server.db.select({ id: batteries.id }).from(batteries).where(eq(batteries.number, number));
    const [cabinet] = await server.db.select({ id: cabinets.id }).from(cabinets).where(eq(cabinets.number, number));
    const [vehicle] = await server.db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.number, number));
    const [claim] = await server.db.select({ kind: deviceNumbers.kind }).from(deviceNumbers).where(eq(deviceNumbers.number, number));
    return {
      tables: [battery && 'battery', cabinet && 'cabinet', vehicle && 'vehicle'].filter(Boolean),
      registry: claim?.kind ?? null,
    };
  };

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    who = await deviceCallers(server);
    types = await createDeviceTypes(server, who.admin);
  });
  afterAll(() => server.close());

  it('refuses a cabinet with a battery’s number, in the caller’s language, and writes nothing', async () => {
    expect((await addBattery('UQB0001')).code).toBe(1);
    const cabinetsBefore = await server.db.select({ n: sql<number>`count(*)::int` }).from(cabinets);
    const compartmentsBefore = await server.db.select({ n: sql<number>`count(*)::int` }).from(cabinetCompartments);

    const english = await addCabinet('UQB0001', 'en');
    expect(english).toMatchObject({ status: 409, code: 3014, message: 'Number already used by another device', data: { field: 'number' } });
    const chinese = await addCabinet('UQB0001', 'zh');
    expect(chinese).toMatchObject({ status: 409, code: 3014, message: '编号已被其他设备使用' });

    expect(await holders('UQB0001')).toEqual({ tables: ['battery'], registry: 'battery' });
    expect(await server.db.select({ n: sql<number>`count(*)::int` }).from(cabinets)).toEqual(cabinetsBefore);
    expect(await server.db.select({ n: sql<number>`count(*)::int` }).from(cabinetCompartments)).toEqual(compartmentsBefore);
  });

  it('refuses every kind taking another kind’s number, and keeps each kind’s own “already exists”', async () => {
    expect((await addCabinet('UQC0001')).code).toBe(1);
    expect((await addVehicle('UQV0001')).code).toBe(1);
    expect((await addVehicle('UQC0001')).code).toBe(3014);
    expect((await addBattery('UQV0001')).code).toBe(3014);
    expect((await addBattery('UQC0001')).code).toBe(3014);
    expect((await addCabinet('UQV0001')).code).toBe(3014);
    // The same kind twice is still the kind's own message.
    expect((await addCabinet('UQC0001')).code).toBe(3006);
    expect((await addVehicle('UQV0001')).code).toBe(3002);
    expect(await holders('UQC0001')).toEqual({ tables: ['cabinet'], registry: 'cabinet' });
    expect(await holders('UQV0001')).toEqual({ tables: ['vehicle'], registry: 'vehicle' });
  });

  it('batch check marks a number of another kind EXISTS with its reason; batch add refuses the whole batch', async () => {
    await post(batteryApi.batchAdd, { typeId: types.battery, numbers: ['UQB0101', 'UQB0102'] });
    await post(cabinetApi.batchAdd, { typeId: types.cabinet, numbers: ['UQC0101'] });
    const batch = { typeId: types.cabinet, numbers: ['UQB0101', 'UQC0101', 'UQC0102'] };

    const check = await post(cabinetApi.batchCheck, batch);
    expect(check.code).toBe(1);
    expect(check.data).toMatchObject({ total: 3, newCount: 1, existsCount: 2, invalidCount: 0 });
    expect(check.data.items).toEqual([
      { number: 'UQB0101', status: 'EXISTS', reason: 'Number already used by another device' },
      { number: 'UQC0101', status: 'EXISTS', reason: 'Cabinet already exists' },
      { number: 'UQC0102', status: 'NEW', reason: null },
    ]);
    const inIndonesian = await post(cabinetApi.batchCheck, batch, 'in');
    expect(inIndonesian.data.items[0].reason).toBe('Nomor sudah digunakan oleh perangkat lain');

    // Only other kinds' numbers in the way: the batch is refused with the cross-kind message.
    const refused = await post(cabinetApi.batchAdd, { typeId: types.cabinet, numbers: ['UQB0102', 'UQC0103'] });
    expect(refused).toMatchObject({ status: 409, code: 3014, data: { existsCount: 1, newCount: 1 } });
    expect((await post(cabinetApi.batchAdd, batch)).code).toBe(3006);
    const written = await server.db
      .select({ number: cabinets.number })
      .from(cabinets)
      .where(inArray(cabinets.number, ['UQB0101', 'UQB0102', 'UQC0102', 'UQC0103']));
    expect(written).toEqual([]);
    expect(await holders('UQB0102')).toEqual({ tables: ['battery'], registry: 'battery' });
  });

  it('keeps a scrapped device’s number taken: the row stays, and so does its claim', async () => {
    expect((await addBattery('UQB0201')).code).toBe(1);
    expect((await post(batteryApi.scrap, { numbers: ['UQB0201'], reason: 'Swollen cells' })).code).toBe(1);
    expect((await addCabinet('UQB0201')).code).toBe(3014);
    expect(await holders('UQB0201')).toEqual({ tables: ['battery'], registry: 'battery' });
  });

  it('frees a number when its device row is deleted, and follows a number changed in the database', async () => {
    // No route deletes or renumbers a device; the database keeps the registry right when SQL does.
    expect((await addBattery('UQB0301')).code).toBe(1);
    await server.db.delete(batteries).where(eq(batteries.number, 'UQB0301'));
    expect(await holders('UQB0301')).toEqual({ tables: [], registry: null });
    expect((await addCabinet('UQB0301')).code).toBe(1);
    expect(await holders('UQB0301')).toEqual({ tables: ['cabinet'], registry: 'cabinet' });

    expect((await addBattery('UQB0302')).code).toBe(1);
    await server.db.update(batteries).set({ number: 'UQB0303' }).where(eq(batteries.number, 'UQB0302'));
    expect(await holders('UQB0303')).toEqual({ tables: ['battery'], registry: 'battery' });
    expect((await addVehicle('UQB0302')).code).toBe(1);
    // Renumbering onto another kind's number is refused by the database itself.
    const renumber = await server.db
      .update(batteries)
      .set({ number: 'UQB0302' })
      .where(eq(batteries.number, 'UQB0303'))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(numberConflict(renumber, 'batteryExists')?.key).toBe('numberUsedByOtherDevice');
    expect(await holders('UQB0302')).toEqual({ tables: ['vehicle'], registry: 'vehicle' });
  });

  it('maps an insert that slipped past the check to the cross-kind message (the registry’s key decides)', async () => {
    expect((await addBattery('UQB0401')).code).toBe(1);
    const error = await server.db
      .execute(sql`insert into cabinet (number, type_id, compartment_count) values ('UQB0401', ${types.cabinet}, 4)`)
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(numberConflict(error, 'cabinetExists')?.key).toBe('numberUsedByOtherDevice');
    const sameKind = await server.db.execute(sql`insert into battery (number, type_id) values ('UQB0401', ${types.battery})`).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(numberConflict(sameKind, 'batteryExists')?.key).toBe('batteryExists');
  });

  it('lets exactly one of two kinds registering the same number at once win', async () => {
    for (let round = 1; round <= 5; round++) {
      const number = `UQR${String(round).padStart(4, '0')}`;
      const answers = await Promise.all([
        addBattery(number),
        addCabinet(number),
        post(vehicleApi.batchAdd, { typeId: types.vehicle1, numbers: [number] }),
      ]);
      const codes = answers.map((answer) => answer.code);
      expect(codes.filter((code) => code === 1)).toHaveLength(1);
      expect(codes.filter((code) => code !== 1)).toEqual([3014, 3014]);
      const winner = (['battery', 'cabinet', 'vehicle'] as const)[codes.indexOf(1)];
      expect(await holders(number)).toEqual({ tables: [winner], registry: winner });
    }
  });

  describe.runIf(onPostgres)('a registration racing an uncommitted one on PostgreSQL', () => {
    it('waits for the other transaction and, when it commits, answers the cross-kind message', async () => {
      const other = new pg.Client({ connectionString: server.databaseUrl });
      await other.connect();
      try {
        await other.query('begin');
        await other.query(`insert into battery (number, type_id) values ('UQP0001', $1)`, [types.battery]);
        // The cabinet's check cannot see the uncommitted battery, so only the registry's key can stop it.
        const pending = addCabinet('UQP0001');
        await new Promise((resolve) => setTimeout(resolve, 300));
        await other.query('commit');
        expect(await pending).toMatchObject({ status: 409, code: 3014, data: { field: 'number' } });
      } finally {
        await other.end();
      }
      expect(await holders('UQP0001')).toEqual({ tables: ['battery'], registry: 'battery' });
    });
  });

  it('the migration’s backfill registers devices that predate it, the first registered keeping a shared number', async () => {
    const migration = readFileSync(new URL('../../../drizzle/0012_device_number_registry.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    const all = ['battery', 'vehicle', 'cabinet'] as const;
    // Rows written as before the registry existed: no triggers, one number shared by two kinds.
    for (const kind of all) await server.db.execute(sql.raw(`alter table ${kind} disable trigger ${kind}_device_number`));
    try {
      await server.db.execute(
        sql`insert into cabinet (number, type_id, compartment_count, created_at) values ('UQM0001', ${types.cabinet}, 4, now() - interval '1 day')`,
      );
      await server.db.execute(
        sql`insert into battery (number, type_id) values ('UQM0001', ${types.battery}), ('UQM0002', ${types.battery})`,
      );
    } finally {
      for (const kind of all) await server.db.execute(sql.raw(`alter table ${kind} enable trigger ${kind}_device_number`));
    }
    expect(await holders('UQM0002')).toEqual({ tables: ['battery'], registry: null });
    await server.db.execute(sql.raw(backfill));
    expect(await holders('UQM0001')).toEqual({ tables: ['battery', 'cabinet'], registry: 'cabinet' });
    expect(await holders('UQM0002')).toEqual({ tables: ['battery'], registry: 'battery' });
    // Every device row's number is claimed, by its own kind or by the first registered.
    const unclaimed: unknown = await server.db.execute(sql`
      select number from battery union all select number from vehicle union all select number from cabinet
      except select number from device_number`);
    expect((unclaimed as { rows: unknown[] }).rows).toEqual([]);
  });
});
