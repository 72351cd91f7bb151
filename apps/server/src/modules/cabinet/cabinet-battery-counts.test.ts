import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { storeCabinetState } from '../../device-link/device-state.service.js';
import { compartment, createCabinetWithBatteries, createDeviceTypes, deviceCallers, type DeviceCallers } from '../../test/factories.js';

/**
 * Each cabinet carries how many of its batteries are ready to swap and how many stand in it, kept
 * by the compartments' triggers (docs/dashboard.md, "Ranking"): whatever changes a compartment, the
 * cabinet's counts equal what its compartments say.
 */
describe("a cabinet's ready and standing batteries follow its compartments", () => {
  let server: TestServer;
  let who: DeviceCallers;
  let cabinet: Awaited<ReturnType<typeof createCabinetWithBatteries>>;
  let other: Awaited<ReturnType<typeof createCabinetWithBatteries>>;

  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  /** The cabinets whose kept counts differ from their compartments' (none, when the triggers hold). */
  const drifted = async () =>
    rowsOf<{ number: string }>(
      await server.db.execute(sql`select c.number from cabinet c
        left join (select cabinet_id, (count(*) filter (where enabled and state in ('SWAPPABLE', 'FULL')))::int as ready,
                          count(battery_id)::int as standing from cabinet_compartment group by 1) x on x.cabinet_id = c.id
        where c.ready_batteries <> coalesce(x.ready, 0) or c.standing_batteries <> coalesce(x.standing, 0)`),
    );
  const countsOf = async (id: number) =>
    rowsOf<{ ready: number; standing: number }>(
      await server.db.execute(sql`select ready_batteries as ready, standing_batteries as standing from cabinet where id = ${id}`),
    )[0];

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    who = await deviceCallers(server);
    const types = await createDeviceTypes(server, who.admin);
    cabinet = await createCabinetWithBatteries(server, who.admin, { types, prefix: 'CBC1', batteries: 3 });
    other = await createCabinetWithBatteries(server, who.admin, { types, prefix: 'CBC2', batteries: 1 });
  });
  afterAll(() => server.close());

  it('counts the batteries a state report put in', async () => {
    expect(await countsOf(cabinet.cabinetId)).toEqual({ ready: expect.any(Number), standing: 3 });
    expect(await drifted()).toEqual([]);
  });

  it('follows a compartment disabled, a battery taken out, a state changed and a pack moving to another cabinet', async () => {
    const before = (await countsOf(cabinet.cabinetId))!;
    await server.db.execute(sql`update cabinet_compartment set enabled = false where cabinet_id = ${cabinet.cabinetId} and idx = 1`);
    await server.db.execute(
      sql`update cabinet_compartment set state = 'FULL', enabled = true where cabinet_id = ${cabinet.cabinetId} and idx = 2`,
    );
    await server.db.execute(
      sql`update cabinet_compartment set battery_id = null, state = 'EMPTY' where cabinet_id = ${cabinet.cabinetId} and idx = 3`,
    );
    expect(await drifted()).toEqual([]);
    expect((await countsOf(cabinet.cabinetId))!.standing).toBe(before.standing - 1);
    // The other cabinet reports the first cabinet's second pack in its slot 2: it leaves the first.
    const state = {
      online: true as const,
      ts: new Date().toISOString(),
      compartments: [
        compartment(1, other.batteryNumbers[0]!),
        compartment(2, cabinet.batteryNumbers[1]!),
        compartment(3, null),
        compartment(4, null),
      ],
    };
    expect(await storeCabinetState(server.db, other.cabinetNumber, state, new Date())).toBe(true);
    expect(await drifted()).toEqual([]);
    expect((await countsOf(other.cabinetId))!.standing).toBe(2);
    expect((await countsOf(cabinet.cabinetId))!.standing).toBe(before.standing - 2);
  });

  it('follows compartments added and removed', async () => {
    await server.db.execute(
      sql`insert into cabinet_compartment (cabinet_id, idx, state, enabled) values (${cabinet.cabinetId}, 9, 'SWAPPABLE', true)`,
    );
    expect(await drifted()).toEqual([]);
    await server.db.execute(sql`delete from cabinet_compartment where cabinet_id = ${cabinet.cabinetId} and idx in (2, 9)`);
    expect(await drifted()).toEqual([]);
  });
});
