import type { Principal } from '../app/context.js';
import type { DeviceHub } from '../app/device-hub.js';
import type { Db } from '../db/client.js';
import { accountIdOfUsername } from '../modules/account/index.js';
import { heldDeviceAlarms } from '../modules/alarm/index.js';
import { cabinetByNumber } from '../modules/cabinet/index.js';
import { DEMO_COMMAND, sendTaskCommand } from '../modules/command/index.js';

export interface DemoCommands {
  stop(): void;
}

interface Log {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/**
 * The demo's operator at work (docs/alarms.md, "Demo data"): every `everyMs` (the first after
 * `firstMs`) the platform's administrator sends a harmless command (DEMO_COMMAND: charging allowed on
 * compartment 1, as it is) to each cabinet that had a command failure rate alarm not cleared when it
 * started (as the demo fleet file written at the same start names them: the fleet holds
 * failingCommands there), so each fails, and the rule's window keeps holding: the alarm stays open
 * as long as the demo runs. Demo mode with its fleet only (main.ts); tests start it when they ask.
 */
export function startDemoCommands(
  db: Db,
  hub: DeviceHub,
  options: { everyMs: number; firstMs: number; timeoutMs: number; username: string },
  log: Log,
): DemoCommands {
  let stopped = false;
  const failing = heldDeviceAlarms(db).then(
    (held) =>
      new Set(
        held.filter((alarm) => alarm.alarmKind === 'business' && alarm.parameter === 'commandFailureRate').map((a) => a.deviceNumber),
      ),
  );
  const round = async () => {
    const numbers = await failing;
    const id = await accountIdOfUsername(db, options.username);
    if (id === null) return;
    const principal = { id, username: options.username, name: options.username, merchantId: null } as Principal;
    for (const number of numbers) {
      if (stopped) return;
      const cabinet = await cabinetByNumber(db, number);
      if (!cabinet) continue;
      const sent = await sendTaskCommand(
        { db, principal, ip: '127.0.0.1', requestTime: null },
        { hub, timeoutMs: options.timeoutMs },
        { id: cabinet.id, number, merchantId: cabinet.merchantId, online: cabinet.online },
        { ...DEMO_COMMAND },
      );
      log.info({ cabinet: number, failure: sent.failure }, 'demo command sent');
    }
  };
  const run = () =>
    void round().catch((error: unknown) =>
      log.warn({ error: error instanceof Error ? error.message : String(error) }, 'demo command not sent'),
    );
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    run();
    interval = setInterval(run, options.everyMs);
  }, options.firstMs);
  return {
    stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(interval);
    },
  };
}
