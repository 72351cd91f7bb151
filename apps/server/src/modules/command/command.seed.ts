import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { deviceCommands } from './command.table.js';

/** The command the demo sends its cabinets now and then (docs/alarms.md, "Demo data"): harmless, charging allowed as it is. */
export const DEMO_COMMAND = { name: 'CHARGE_ALLOW', compartment: 1 } as const;

/**
 * Demo commands a cabinet failed (its status unreadable), finished at `times`, sent by `issuedBy`:
 * the record the demo's command failure rate alarm stands on (docs/alarms.md, "Demo data").
 */
export async function seedDemoFailedCommands(
  db: Db,
  cabinetId: number,
  times: readonly Date[],
  issuedBy: { id: number | null; name: string },
): Promise<void> {
  if (times.length === 0) return;
  await db.insert(deviceCommands).values(
    times.map((at) => ({
      id: randomUUID(),
      cabinetId,
      ...DEMO_COMMAND,
      status: 'FAILED' as const,
      failureCode: 'QUERY_STATUS_FAILURE',
      issuedById: issuedBy.id,
      issuedByName: issuedBy.name,
      issuedAt: new Date(at.getTime() - 2000),
      sentAt: new Date(at.getTime() - 2000),
      acceptedAt: new Date(at.getTime() - 1000),
      finishedAt: at,
      expiresAt: new Date(at.getTime() + 60_000),
    })),
  );
}
