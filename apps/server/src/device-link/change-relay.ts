import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DEVICE_CREDENTIAL_CHANNEL } from '../modules/device-credential/index.js';
import type { DeviceChange, DeviceHub } from '../app/device-hub.js';
import type { LinkLog } from './link.js';

/** The PostgreSQL notification channel the servers of one database share their change notices on. */
export const CHANGE_CHANNEL = 'swap_device_change';
/** PostgreSQL refuses a notification payload of 8,000 bytes or more. */
const MAX_PAYLOAD = 7_500;
const RECONNECT_MS = 2_000;

/** What a change carries beyond its device and channel: its merchant (`m`, null the platform's own) and a link change (`l`). */
interface Extra {
  m?: number | null;
  l?: 1;
}

interface Notice {
  from: string;
  changes: ([DeviceChange['kind'], string, string] | [DeviceChange['kind'], string, string, Extra])[];
}

export interface ChangeRelay {
  close(): Promise<void>;
}

/**
 * Shares the device hub's change notices between the servers of one PostgreSQL database. With
 * several servers on one broker each device message is stored by one of them, so without this a
 * browser's live stream would only hear what its own server stored. Each server sends what its own
 * link and routes announced (gathered for `flushMs`, duplicates dropped, in notifications under
 * PostgreSQL's size limit) and announces on its hub what the others sent, marked as relayed so it
 * is not sent back. A lost connection is reopened; notices of the gap are lost, which a live screen
 * covers by reloading on reconnection.
 */
export async function startChangeRelay(
  connectionString: string,
  hub: DeviceHub,
  log: LinkLog,
  options: { flushMs?: number } = {},
): Promise<ChangeRelay> {
  const self = randomUUID();
  const flushMs = options.flushMs ?? 50;
  let client: pg.Client | undefined;
  let closed = false;
  let pending = new Map<string, Notice['changes'][number]>();
  let timer: NodeJS.Timeout | undefined;

  const hear = (message: pg.Notification) => {
    if (message.channel !== CHANGE_CHANNEL || !message.payload) return;
    let notice: Notice;
    try {
      notice = JSON.parse(message.payload) as Notice;
    } catch {
      return;
    }
    if (notice.from === self) return;
    for (const [kind, number, channel, extra] of notice.changes)
      hub.emitChange({
        kind,
        number,
        channel,
        relayed: true,
        ...(extra?.m !== undefined ? { merchantId: extra.m } : {}),
        ...(extra?.l ? { linkChanged: true } : {}),
      });
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', hear);
    next.on('error', (error) => {
      log.warn({ error: error.message }, 'change relay connection lost');
      if (client === next) client = undefined;
      void next.end().catch(() => undefined);
      if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    });
    await next.connect();
    await next.query(`listen ${CHANGE_CHANNEL}`);
    client = next;
  };
  const reconnect = async () => {
    if (closed || client) return;
    try {
      await connect();
      log.info({}, 'change relay reconnected');
    } catch (error) {
      log.warn({ error: error instanceof Error ? error.message : String(error) }, 'change relay reconnect failed');
      if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    }
  };

  const flush = async () => {
    timer = undefined;
    const changes = [...pending.values()];
    pending = new Map();
    const sender = client;
    if (!sender || changes.length === 0) return;
    // Split into notifications under the size limit.
    let part: Notice['changes'] = [];
    let size = 0;
    const send = async () => {
      if (part.length === 0) return;
      await sender.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, JSON.stringify({ from: self, changes: part } satisfies Notice)]);
      part = [];
      size = 0;
    };
    try {
      for (const change of changes) {
        const length = JSON.stringify(change).length + 1;
        if (size + length > MAX_PAYLOAD - 60) await send();
        part.push(change);
        size += length;
      }
      await send();
    } catch (error) {
      log.warn({ error: error instanceof Error ? error.message : String(error) }, 'change relay could not send');
    }
  };

  const share = (change: DeviceChange) => {
    // Relayed notices came from another server; a replaced secret concerns each server's own broker.
    if (change.relayed || change.channel === DEVICE_CREDENTIAL_CHANNEL) return;
    const extra: Extra = {
      ...(change.merchantId !== undefined ? { m: change.merchantId } : {}),
      ...(change.linkChanged ? { l: 1 as const } : {}),
    };
    const plain = extra.m === undefined && !extra.l;
    pending.set(
      `${change.kind}/${change.number}/${change.channel}/${JSON.stringify(extra)}`,
      plain ? [change.kind, change.number, change.channel] : [change.kind, change.number, change.channel, extra],
    );
    timer ??= setTimeout(() => void flush(), flushMs);
  };

  await connect();
  const stopSharing = hub.onChange(share);
  return {
    close: async () => {
      closed = true;
      stopSharing();
      clearTimeout(timer);
      await flush();
      const last = client;
      client = undefined;
      await last?.end();
    },
  };
}
