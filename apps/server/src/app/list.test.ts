import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { startTestServer, type TestServer } from '../test/harness.js';
import type { Ctx } from './context.js';
import { declaredLists, type Filter } from './list.js';

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
