import { AppError } from '../../app/errors.js';

/**
 * The one rule for every use of a device: a scrapped device cannot be stocked out, bound, sold or
 * distributed. Refuses with "The device is scrapped" and the numbers at fault (and the form field,
 * when the caller names one). Taking a scrapped device back (a recall to stock) is no use of it and
 * is allowed (docs/operation-centre.md, "Distribution").
 */
export function refuseScrapped(rows: readonly { number: string; scrapStatus: string }[], field?: string): void {
  const numbers = rows.filter((row) => row.scrapStatus === 'SCRAPPED').map((row) => row.number);
  if (numbers.length) throw new AppError('deviceScrapped', undefined, field ? { field, numbers } : { numbers });
}
