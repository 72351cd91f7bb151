import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { integer, pgTable, serial } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { COUNT_EXACT_LIMIT } from '@swap/contracts';
import { startTestServer, type TestServer } from '../test/harness.js';
import type { Ctx } from './context.js';
import { cappedCount, declaredLists, type Filter } from './list.js';

/**
 * Every filter of every declared list is served by an index (docs/api.md, "Declaring a list"):
 * with sequential scans priced out, the filter's condition alone must be an index condition (or
 * an index's predicate), never a row-by-row filter over a table. A filter, or one of its values,
 * may read unnarrowed rows only when its declaration says why (`unindexed`).
 */

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Filter?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/**
 * Scans that read rows no index narrowed: sequential scans, and scans that filter what they read
 * without an index condition (a prefix LIKE keeps its filter over the index range that serves it).
 */
function unservedScans(plan: PlanNode): string[] {
  return nodesOf(plan)
    .filter(
      (node) =>
        node['Node Type'] === 'Seq Scan' ||
        (node['Relation Name'] !== undefined &&
          node.Filter !== undefined &&
          !nodesOf(node).some((n) => n['Index Cond'] || n['Recheck Cond'])),
    )
    .map((node) => `${node['Node Type']} on ${node['Relation Name']}${node.Filter ? ` filter ${node.Filter}` : ''}`);
}

type Schema = z.ZodType & { def: { type: string; innerType?: Schema; format?: string; in?: Schema }; options?: unknown[] };

/** The values the index test tries for a filter of this schema: each value of an enum, else one sample. */
function samplesOf(schema: Schema | undefined): unknown[] {
  let s = schema;
  while (s && ['optional', 'nullable', 'default', 'pipe'].includes(s.def.type)) s = s.def.innerType ?? s.def.in;
  switch (s?.def.type) {
    case 'enum':
      return s.options ?? [];
    case 'boolean':
      return [true, false];
    case 'number':
      return [1];
    case 'string':
      return [s.def.format === 'datetime' ? '2026-01-01T00:00:00Z' : 'AB12'];
    default:
      throw new Error(`no sample for a ${s?.def.type} filter: declare its examples`);
  }
}

const platformCtx = (server: TestServer): Ctx => ({
  db: server.db,
  principal: { id: 0, username: 'test', name: 'test', type: 'SUPER', accountType: 'PLATFORM', merchantId: null },
  codes: new Set(),
  grants: null,
  lang: 'en',
  ip: '127.0.0.1',
  requestTime: null,
  timeZone: 'UTC',
  sessionId: 0,
});

describe('list filters are served by indexes', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    await server.db.execute(sql`set enable_seqscan = off`);
  });
  afterAll(async () => {
    await server.db.execute(sql`reset enable_seqscan`);
    await server.close();
  });

  async function unserved(table: unknown, condition: SQL | undefined): Promise<string[]> {
    const result: unknown = await server.db.execute(sql`explain (format json) select 1 from ${table} where ${condition ?? sql`true`}`);
    const raw = (result as { rows: Record<string, unknown>[] }).rows[0]!['QUERY PLAN'];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    return unservedScans(parsed[0]!.Plan);
  }

  it('declares lists', () => {
    expect(declaredLists.length).toBeGreaterThanOrEqual(13);
  });

  it('serves every filter value by an index, or says why not', async () => {
    const ctx = platformCtx(server);
    const failures: string[] = [];
    for (const list of declaredLists) {
      const { endpoint, table, filters } = list.declaration;
      const shape = ((endpoint.body ?? endpoint.query) as unknown as { shape: Record<string, Schema> }).shape;
      for (const [name, filter] of Object.entries<Filter<unknown>>(filters)) {
        if (filter === 'parent') continue;
        const spec = typeof filter === 'function' ? { where: filter } : filter;
        if (typeof spec.unindexed === 'string') {
          expect(spec.unindexed.length, `${endpoint.path} ${name}: a reason`).toBeGreaterThan(20);
          continue;
        }
        for (const value of spec.examples ?? samplesOf(shape[name])) {
          const reason = spec.unindexed?.[String(value)];
          if (reason) continue;
          const scans = await unserved(table, spec.where(value, ctx));
          if (scans.length) failures.push(`${endpoint.path} ${name}=${String(value)}: ${scans.join('; ')}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("serves every list's tenant scope by an index", async () => {
    const merchantCtx: Ctx = { ...platformCtx(server), principal: { ...platformCtx(server).principal, type: 'NORMAL', merchantId: 1 } };
    const failures: string[] = [];
    for (const list of declaredLists) {
      const { endpoint, table, scope } = list.declaration;
      const scans = await unserved(table, scope(merchantCtx));
      if (scope(merchantCtx) && scans.length) failures.push(`${endpoint.path} scope: ${scans.join('; ')}`);
    }
    expect(failures).toEqual([]);
  });
});

/** A table of the test's own for totals past the cap: `k` is the row's number modulo 10. */
const probe = pgTable('capped_total_probe', { id: serial('id').primaryKey(), k: integer('k').notNull() });

describe("a capped list's total in one call", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
  });
  afterAll(async () => {
    await server.close();
  });

  /** What the total was when the estimate and the count were two statements one after the other. */
  async function twoSteps(table: unknown, condition: SQL | undefined): Promise<{ total: number; exact: boolean }> {
    const where = condition ? sql` where ${condition}` : sql``;
    const explained: unknown = await server.db.execute(sql`explain (format json) select 1 from ${table}${where}`);
    const raw = (explained as { rows: Record<string, unknown>[] }).rows[0]!['QUERY PLAN'];
    const estimate = Math.round((typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan['Plan Rows'] as number);
    if (estimate > 2 * COUNT_EXACT_LIMIT) return { total: estimate, exact: false };
    const counted: unknown = await server.db.execute(
      sql`select count(*)::int as n from (select 1 from ${table}${where} limit ${COUNT_EXACT_LIMIT + 1}) capped`,
    );
    const n = (counted as { rows: { n: number }[] }).rows[0]!.n;
    return n <= COUNT_EXACT_LIMIT ? { total: n, exact: true } : { total: Math.max(estimate, n), exact: false };
  }

  it('answers every capped list and filter value as the estimate and the count one after the other did', async () => {
    const ctx = platformCtx(server);
    const merchantCtx: Ctx = { ...ctx, principal: { ...ctx.principal, type: 'NORMAL', merchantId: 1 } };
    let tried = 0;
    for (const list of declaredLists) {
      const { endpoint, table, filters, scope, count } = list.declaration;
      if (count !== 'capped') continue;
      const shape = ((endpoint.body ?? endpoint.query) as unknown as { shape: Record<string, Schema> }).shape;
      const conditions: [string, SQL | undefined][] = [
        ['no filter', scope(ctx)],
        ['merchant scope', scope(merchantCtx)],
      ];
      for (const [name, filter] of Object.entries<Filter<unknown>>(filters)) {
        if (filter === 'parent') continue;
        const spec = typeof filter === 'function' ? { where: filter } : filter;
        for (const value of spec.examples ?? samplesOf(shape[name])) conditions.push([`${name}=${String(value)}`, spec.where(value, ctx)]);
      }
      for (const [name, condition] of conditions) {
        expect(await cappedCount(server.db, table, condition), `${endpoint.path} ${name}`).toEqual(await twoSteps(table, condition));
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(50);
  });

  it('counts exactly up to the cap, says "about" past it, and takes a value that reads like a mark or a quote as text', async () => {
    await server.db.execute(sql`create table capped_total_probe (id serial primary key, k integer not null)`);
    await server.db.execute(sql`insert into capped_total_probe (k) select g % 10 from generate_series(1, 30000) g`);
    await server.db.execute(sql`create index on capped_total_probe (k)`);
    await server.db.execute(sql`analyze capped_total_probe`);
    // Every row: the planner's estimate, never counted.
    const all = await cappedCount(server.db, probe, undefined);
    expect(all.exact).toBe(false);
    expect(all.total).toBeGreaterThan(2 * COUNT_EXACT_LIMIT);
    expect(all).toEqual(await twoSteps(probe, undefined));
    // A tenth: counted exactly.
    expect(await cappedCount(server.db, probe, sql`${probe.k} = ${3}`)).toEqual({ total: 3000, exact: true });
    // Half: estimated at most twice the cap, so counted, and the count reaches the cap.
    const half = await cappedCount(server.db, probe, sql`${probe.k} < ${5}`);
    expect(half.exact).toBe(false);
    expect(half.total).toBeGreaterThan(COUNT_EXACT_LIMIT);
    expect(half).toEqual(await twoSteps(probe, sql`${probe.k} < ${5}`));
    // Values holding a quote, a backslash and "$1" stay values: the condition holds for every row of k = 7.
    const odd = "it's $1 \\ $2'";
    const quoted = await cappedCount(server.db, probe, sql`${probe.k} = ${7} and ${odd} = ${odd} and ${probe.k} <> ${100}`);
    expect(quoted).toEqual({ total: 3000, exact: true });
    expect(await cappedCount(server.db, probe, sql`${probe.k} = ${7} and ${odd} = ${"it's"}`)).toEqual({ total: 0, exact: true });
  });
});
