import { and, asc, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  type DashboardFigures,
  type DashboardRanking,
  type DashboardTrend,
  type DashboardTrendPoint,
  type DashboardRange,
} from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { openAlarmCounts } from '../alarm/index.js';
import { cabinetJoin, fewestSwappableStations } from '../cabinet/index.js';
import { describeStations } from '../station/index.js';
import { DAY_MS, HOUR_MS, addDays, dashboardZone, dayOf, dayStartOf, hourOf } from './dashboard.time.js';
import { dashboardCabinetDays, dashboardMerchantDays, dashboardMerchantHours, dashboardMerchantTotals } from './dashboard.table.js';

type Reader = Pick<Ctx, 'db' | 'principal'>;

/** The caller's tenant: platform staff read every merchant's rows (and those of none), a merchant's staff their own. */
function tenant(ctx: Reader, merchantId: PgColumn): SQL | undefined {
  return ctx.principal.merchantId === null ? undefined : eq(merchantId, ctx.principal.merchantId);
}

const int = (column: PgColumn) => sql<number>`coalesce(sum(${column}), 0)::int`;
const kwh = (column: PgColumn) => sql<string>`coalesce(sum(${column}), 0)::text`;

/** The headline figures (docs/dashboard.md, "Figures"), read from the rollups only. */
export async function dashboardFigures(ctx: Reader, now = new Date()): Promise<DashboardFigures> {
  const zone = await dashboardZone(ctx.db);
  const today = dayOf(now, zone);
  const dayStart = dayStartOf(now, zone);
  const d = dashboardMerchantDays;
  const [todayRow] = await ctx.db
    .select({ swaps: int(d.swaps), vehicles: int(d.vehiclesSold), batteries: int(d.batteriesSold), approved: int(d.approvedUsers) })
    .from(d)
    .where(and(eq(d.day, today), tenant(ctx, d.merchantId)));
  const t = dashboardMerchantTotals;
  const [totalRow] = await ctx.db
    .select({ vehicles: int(t.vehiclesSold), batteries: int(t.batteriesSold), approved: int(t.approvedUsers) })
    .from(t)
    .where(tenant(ctx, t.merchantId));
  // Yesterday from its midnight to this time of day: whole hours, and the hour in progress then in proportion.
  const then = new Date(now.getTime() - DAY_MS);
  const thenHour = hourOf(then);
  const h = dashboardMerchantHours;
  const [yesterday] = await ctx.db
    .select({
      whole: sql<number>`coalesce(sum(${h.swaps}) filter (where ${h.hour} < ${thenHour}), 0)::int`,
      part: sql<number>`coalesce(sum(${h.swaps}) filter (where ${h.hour} = ${thenHour}), 0)::int`,
    })
    .from(h)
    .where(and(gte(h.hour, new Date(dayStart.getTime() - DAY_MS)), lte(h.hour, thenHour), tenant(ctx, h.merchantId)));
  const fraction = (then.getTime() - thenHour.getTime()) / HOUR_MS;
  const sameTimeYesterday = (yesterday?.whole ?? 0) + Math.round((yesterday?.part ?? 0) * fraction);
  const swapsToday = todayRow?.swaps ?? 0;
  const byLevel = await openAlarmCounts(ctx);
  return {
    at: now.toISOString(),
    dayStart: dayStart.toISOString(),
    timeZone: zone,
    swaps: {
      today: swapsToday,
      sameTimeYesterday,
      changePercent: sameTimeYesterday === 0 ? null : Math.round(((swapsToday - sameTimeYesterday) / sameTimeYesterday) * 1000) / 10,
    },
    vehiclesSold: { today: todayRow?.vehicles ?? 0, total: totalRow?.vehicles ?? 0 },
    batteriesSold: { today: todayRow?.batteries ?? 0, total: totalRow?.batteries ?? 0 },
    authenticatedUsers: { today: todayRow?.approved ?? 0, total: totalRow?.approved ?? 0 },
    openAlarms: { total: byLevel.reduce((sum, row) => sum + row.count, 0), byLevel },
  };
}

const TREND_DAYS: Record<Exclude<DashboardRange, 'today'>, number> = { week: 7, month: 30 };

/** A trend (docs/dashboard.md, "Trends"): every hour of today, or every day of the last 7 or 30, from the rollups only. */
export async function dashboardTrend(ctx: Reader, range: DashboardRange, now = new Date()): Promise<DashboardTrend> {
  const empty = (at: string): DashboardTrendPoint => ({ at, swaps: 0, sales: 0, energyKwh: 0, newUsers: 0 });
  const point = (at: string, row: { swaps: number; vehicles: number; batteries: number; energy: string; newUsers: number }) => ({
    at,
    swaps: row.swaps,
    sales: row.vehicles + row.batteries,
    energyKwh: Number(row.energy),
    newUsers: row.newUsers,
  });
  const zone = await dashboardZone(ctx.db);
  if (range === 'today') {
    const start = dayStartOf(now, zone);
    const h = dashboardMerchantHours;
    const rows = await ctx.db
      .select({
        hour: h.hour,
        swaps: int(h.swaps),
        vehicles: int(h.vehiclesSold),
        batteries: int(h.batteriesSold),
        energy: kwh(h.energyKwh),
        newUsers: int(h.newUsers),
      })
      .from(h)
      .where(and(gte(h.hour, start), lt(h.hour, new Date(start.getTime() + DAY_MS)), tenant(ctx, h.merchantId)))
      .groupBy(h.hour);
    const byHour = new Map(rows.map((row) => [new Date(row.hour).getTime(), row]));
    const points = Array.from({ length: 24 }, (_, i) => {
      const at = new Date(start.getTime() + i * HOUR_MS);
      const row = byHour.get(at.getTime());
      return row ? point(at.toISOString(), row) : empty(at.toISOString());
    });
    return { range, unit: 'hour', timeZone: zone, points };
  }
  const days = TREND_DAYS[range];
  const last = dayOf(now, zone);
  const first = addDays(last, 1 - days);
  const d = dashboardMerchantDays;
  const rows = await ctx.db
    .select({
      day: d.day,
      swaps: int(d.swaps),
      vehicles: int(d.vehiclesSold),
      batteries: int(d.batteriesSold),
      energy: kwh(d.energyKwh),
      newUsers: int(d.newUsers),
    })
    .from(d)
    .where(and(gte(d.day, first), lte(d.day, last), tenant(ctx, d.merchantId)))
    .groupBy(d.day);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const points = Array.from({ length: days }, (_, i) => {
    const day = addDays(first, i);
    const row = byDay.get(day);
    return row ? point(day, row) : empty(day);
  });
  return { range, unit: 'day', timeZone: zone, points };
}

const RANK_SIZE = 10;

/** The ranking card (docs/dashboard.md, "Rankings"): today's busiest cabinets from the rollups, and the stations with the fewest swappable batteries now. */
export async function dashboardRanking(ctx: Reader, now = new Date()): Promise<DashboardRanking> {
  const c = dashboardCabinetDays;
  const today = dayOf(now, await dashboardZone(ctx.db));
  const cabinet = cabinetJoin(c.cabinetId);
  const swaps = sql<number>`sum(${c.swaps})::int`;
  // The two rankings side by side: neither reads the other (at 100 M swaps each takes 15-40 ms; docs/dashboard.md, "Bench").
  const [rows, emptiest] = await Promise.all([
    ctx.db
      .select({ cabinetId: c.cabinetId, cabinetNumber: cabinet.number, stationId: sql<number | null>`max(${c.stationId})`, swaps })
      .from(c)
      .innerJoin(cabinet.join.table, cabinet.join.on)
      .where(and(eq(c.day, today), tenant(ctx, c.merchantId)))
      .groupBy(c.cabinetId, cabinet.number)
      .having(sql`sum(${c.swaps}) > 0`)
      .orderBy(desc(swaps), asc(cabinet.number))
      .limit(RANK_SIZE),
    fewestSwappableStations(ctx.db, ctx.principal.merchantId, RANK_SIZE),
  ]);
  const stations = await describeStations(ctx.db, [
    ...rows.flatMap((row) => (row.stationId === null ? [] : [row.stationId])),
    ...emptiest.map((row) => row.stationId),
  ]);
  return {
    busiestCabinets: rows.map((row) => ({
      cabinetId: row.cabinetId,
      cabinetNumber: row.cabinetNumber,
      stationId: row.stationId,
      stationName: row.stationId === null ? null : (stations.get(row.stationId)?.name ?? null),
      stationType: row.stationId === null ? null : (stations.get(row.stationId)?.type ?? null),
      swaps: row.swaps,
    })),
    // The stations' batteries are their state now (the cabinet module's), not a rollup.
    emptiestStations: emptiest.map((row) => ({
      ...row,
      stationName: stations.get(row.stationId)?.name ?? '',
      stationType: stations.get(row.stationId)?.type ?? null,
    })),
  };
}
