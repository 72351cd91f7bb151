import { LOCALES, type DashboardTrend, type Language } from '@swap/contracts';

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The labels of a trend's buckets (docs/dashboard.md, "The page"): each hour of today in the zone
 * the server counted it in (the answer's `timeZone`), each day of a week or a month as the calendar
 * day the server names. A day is already a day of that zone, so it is written as it is, never moved
 * through the browser's zone or an instant (which would shift it a day west of UTC).
 */
export function trendLabels(trend: Pick<DashboardTrend, 'unit' | 'timeZone' | 'points'>, language: Language): string[] {
  if (trend.unit === 'hour') {
    const format = new Intl.DateTimeFormat(LOCALES[language], {
      timeZone: trend.timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    return trend.points.map((point) => format.format(new Date(point.at)));
  }
  const calendar = new Intl.DateTimeFormat(LOCALES[language], { timeZone: 'UTC', month: 'short', day: 'numeric' });
  const inZone = new Intl.DateTimeFormat(LOCALES[language], { timeZone: trend.timeZone, month: 'short', day: 'numeric' });
  return trend.points.map((point) => {
    const day = CALENDAR_DAY.exec(point.at);
    // A day's start given as an instant is written in the zone it was counted in.
    return day ? calendar.format(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : inZone.format(new Date(point.at));
  });
}
