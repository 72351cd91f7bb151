/**
 * `npm run bench:distribution -w bench`: a distribution batch of 1,000 devices (docs/scaling.md,
 * "Distribution"). Registers BENCH_ROUNDS (default 10) batches of 1,000 batteries in platform stock,
 * then times the real service code the routes call, once per batch: the check of 1,000 numbers for a
 * merchant and its swap station, their distribution (all or nothing, with history and audit), and
 * their recall to platform stock. PostgreSQL with DATABASE_URL, else the embedded database. Asserts
 * nothing: figures only.
 */
import { sql } from 'drizzle-orm';
// The modules load in the server's order first (their entries import one another).
import '../../apps/server/src/modules/index.js';
import { BATTERY_KIND } from '../../apps/server/src/modules/battery/index.js';
import { addDeviceBatch } from '../../apps/server/src/modules/device-registry/index.js';
import { addStation } from '../../apps/server/src/modules/station/index.js';
import { distribute, recall } from '../../apps/server/src/modules/distribution/distribution.service.js';
import { benchDatabase, ctxOf, measure, printFigures, rowsOf, timed, type Figure } from './maps/common.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const BATCH = 1000;

async function main(): Promise<void> {
  const { database, engine } = await benchDatabase();
  const db = database.db;
  const platform = ctxOf(db, null);
  await db.execute(sql`insert into merchant (name, type, person_in_charge, contact, office_address)
    values ('Bench Distribution Merchant', 'AGENT', 'Bench', '+62 800 300 1', 'Jakarta') on conflict (name) do nothing`);
  const [merchant] = rowsOf<{ id: number }>(await db.execute(sql`select id from merchant where name = 'Bench Distribution Merchant'`));
  await db.execute(sql`insert into device_type (kind, code, name, description)
    values ('battery', 'BDB1', 'Bench distribution pack', 'Bench') on conflict do nothing`);
  const [type] = rowsOf<{ id: number }>(await db.execute(sql`select id from device_type where code = 'BDB1'`));
  if (!merchant || !type) throw new Error('bench merchant or type missing');
  const station = await addStation(platform, 'SWAP', {
    name: `Bench distribution station ${Date.now()}`,
    nature: 'SELF_OPERATED',
    address: 'Jl. Bench 1',
    latitude: -6.2,
    longitude: 106.8,
    responsiblePerson: 'Bench',
    status: 'DEPLOYED',
    merchantId: merchant.id,
  });
  const batches = Array.from({ length: rounds }, (_, round) =>
    Array.from({ length: BATCH }, (_, i) => `BDB${String(round).padStart(3, '0')}${String(i).padStart(4, '0')}`),
  );
  await timed(`${rounds} × ${BATCH} batteries registered`, async () => {
    for (const numbers of batches) await addDeviceBatch(platform, BATTERY_KIND, { typeId: type.id, numbers, merchantId: null });
  });
  console.log(`${engine}; ${rounds} batches of ${BATCH} batteries`);

  const body = (numbers: string[]) => ({ numbers, merchantId: merchant.id, stationId: station.id, remark: 'bench' });
  const figures: Figure[] = [];
  // Each call takes the next batch; its process CPU time (the embedded database runs in this
  // process) is told beside the wall time, which a loaded machine stretches.
  const timedBatches = async (name: string, run: (numbers: string[]) => Promise<string>) => {
    let n = 0;
    const cpu: number[] = [];
    const figure = await measure(
      name,
      rounds,
      async () => {
        const before = process.cpuUsage();
        const answer = await run(batches[n++ % rounds]!);
        const used = process.cpuUsage(before);
        cpu.push((used.user + used.system) / 1000);
        return answer;
      },
      { warm: false },
    );
    cpu.sort((a, b) => a - b);
    figures.push({ ...figure, detail: `${figure.detail}; CPU p50 ${cpu[Math.floor(cpu.length / 2)]!.toFixed(0)} ms` });
  };
  await timedBatches(`check ${BATCH}`, async (numbers) => {
    const result = await distribute(platform, BATTERY_KIND, body(numbers), false);
    return `${result.readyCount} ready, ${result.refusedCount} refused`;
  });
  await timedBatches(
    `distribute ${BATCH}`,
    async (numbers) => `${(await distribute(platform, BATTERY_KIND, body(numbers), true)).count} distributed`,
  );
  await timedBatches(
    `recall ${BATCH}`,
    async (numbers) => `${(await recall(platform, BATTERY_KIND, { numbers, remark: 'bench' })).count} recalled`,
  );
  printFigures(figures);
  const [history] = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*) as n from distribution_record`));
  console.log(`${Number(history?.n)} history rows`);
  await database.close();
}

await main();
