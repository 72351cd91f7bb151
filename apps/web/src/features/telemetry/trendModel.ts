import type { EndpointDef, TrendRange, trendQuery } from '@swap/contracts';
import type { z } from 'zod';
import type { StatusMeaning } from '../../shared/StatusTag';

/** A trend answer of any device: the range, the readings before thinning, the readings shown. */
export interface Trend<P extends { at: string }> {
  range: TrendRange;
  total: number;
  points: P[];
}

/** A value axis of the chart: its unit, and bounds when the quantity has them (percent). */
export interface TrendAxis {
  unit: string;
  min?: number;
  max?: number;
}

/** A quantity drawn as a line against one of the spec's axes. */
export interface TrendLine<P> {
  labelKey: string;
  axis: number;
  meaning: StatusMeaning;
  // Method syntax: a spec of one device's points passes where any device's spec is drawn.
  value(point: P): number;
}

/** A yes/no condition of a reading (an alarm), marked at the readings where it holds. */
export interface TrendFlag<P> {
  labelKey: string;
  meaning: StatusMeaning;
  /** Marker shape, so flags of one meaning stay apart. */
  symbol: 'triangle' | 'diamond' | 'circle' | 'rect';
  raised(point: P): boolean;
}

/** What one device's trend card fetches and draws. */
export interface TrendSpec<P extends { at: string }> {
  /** The declared trend endpoint (GET, `id` and `range`), answering this spec's points. */
  endpoint: EndpointDef & { method: 'GET'; query: typeof trendQuery; answer: z.ZodType<Trend<P>> };
  titleKey: string;
  failedKey: string;
  axes: TrendAxis[];
  lines: TrendLine<P>[];
  flags?: TrendFlag<P>[];
}

export interface TrendSummary {
  count: number;
  lines: { labelKey: string; min: number; max: number }[];
  /** Only the flags raised at least once. */
  flags: { labelKey: string; count: number }[];
}

const shown = (value: number) => Math.round(value * 100) / 100;

/** The figures a reader gets from the chart: each line's lowest and highest value and how often each flag was raised. */
export function trendSummary<P extends { at: string }>(points: P[], spec: Pick<TrendSpec<P>, 'lines' | 'flags'>): TrendSummary {
  return {
    count: points.length,
    lines: spec.lines.map((line) => {
      const values = points.map((p) => line.value(p));
      return { labelKey: line.labelKey, min: shown(Math.min(...values)), max: shown(Math.max(...values)) };
    }),
    flags: (spec.flags ?? [])
      .map((flag) => ({ labelKey: flag.labelKey, count: points.filter((p) => flag.raised(p)).length }))
      .filter((flag) => flag.count > 0),
  };
}
