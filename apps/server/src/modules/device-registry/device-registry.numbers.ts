import { asc, eq, inArray } from 'drizzle-orm';
import type { DeviceKind, MessageKey } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { AppError, isUniqueViolation, violatedConstraint } from '../../app/errors.js';
import { chunks } from './device-registry.kind.js';
import { deviceNumbers } from './device-number.table.js';

/** The registry's primary key: a number claimed by a device of any kind. */
const REGISTRY_KEY = 'device_number_pkey';

/**
 * Why each taken number of the list is refused, in one query per 1,000: the kind's own
 * "already exists" when a device of that kind holds it, numberUsedByOtherDevice when another kind
 * does (a number is a device's MQTT username, so it names one device across the three kinds).
 */
export async function takenNumbers(db: Db, kind: DeviceKind, exists: MessageKey, numbers: string[]): Promise<Map<string, MessageKey>> {
  const taken = new Map<string, MessageKey>();
  for (const part of chunks([...new Set(numbers)], 1000)) {
    if (part.length === 0) continue;
    const rows = await db
      .select({ number: deviceNumbers.number, kind: deviceNumbers.kind })
      .from(deviceNumbers)
      .where(inArray(deviceNumbers.number, part));
    for (const row of rows) taken.set(row.number, row.kind === kind ? exists : 'numberUsedByOtherDevice');
  }
  return taken;
}

/** Refuses a single registration whose number is taken, naming the form field. */
export async function refuseTakenNumber(db: Db, kind: DeviceKind, exists: MessageKey, number: string): Promise<void> {
  const reason = (await takenNumbers(db, kind, exists, [number])).get(number);
  if (reason) throw new AppError(reason, undefined, { field: 'number' });
}

/**
 * A registration that lost a race after its check: the registry's key means another kind took the
 * number meanwhile, the kind's own unique index that one of the same kind did. Null for any other error.
 */
export function numberConflict(error: unknown, exists: MessageKey, data: unknown = null): AppError | null {
  if (!isUniqueViolation(error)) return null;
  return new AppError(violatedConstraint(error) === REGISTRY_KEY ? 'numberUsedByOtherDevice' : exists, undefined, data);
}

/** The numbers of every device of a kind, in order (the registry holds each number once, with its kind). */
export async function deviceNumbersOfKind(db: Db, kind: DeviceKind): Promise<string[]> {
  const rows = await db
    .select({ number: deviceNumbers.number })
    .from(deviceNumbers)
    .where(eq(deviceNumbers.kind, kind))
    .orderBy(asc(deviceNumbers.number));
  return rows.map((row) => row.number);
}
