import type { Db } from '../db/client.js';
import { DEVICE_CREDENTIAL_CHANNEL, verifyDevice } from '../modules/device-credential/index.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker.js';
import type { BrokerLimits } from '../app/config.js';
import { markSilentCabinetsOffline } from './device-state.service.js';
import { sweepOverdueCommands } from '../modules/command/index.js';
import { expireAppointments } from '../modules/swap/index.js';
import { ALARM_CHANNEL, evaluateBusinessAlarms } from '../modules/alarm/index.js';
import { GatewayDeviceLink, type DeviceLink, type DeviceTransport, type LinkLog } from './link.js';
import { externalBrokerTransport } from './transport.js';
import { mosquittoAuthSync, type MosquittoAuthOptions, type MosquittoAuthSync } from './mosquitto-sync.js';
import type { DeviceHub } from '../app/device-hub.js';
import {
  ensureTelemetryPartitions,
  maintainTelemetryHistory,
  summariseEndedHours,
  TRACK_JOB_LOOKBACK_HOURS,
} from '../modules/telemetry/index.js';

const COMMAND_SWEEP_MS = 5000;
/** How often the business alarm rules are checked (docs/alarms.md, "Business rules"). */
const BUSINESS_ALARM_SWEEP_MS = 15_000;
/**
 * A failed swap, a command's end or a cabinet's new state asks for the business check this soon
 * (coalesced: one check for every event within it), so its alarm is not up to 15 s late.
 */
const BUSINESS_ALARM_EVENT_MS = 500;
/** What a business rule counts: swaps (event), command outcomes (cmd-result, command) and batteries in the slots (state). */
const BUSINESS_CHANNELS = new Set(['event', 'cmd-result', 'command', 'state']);

export interface GatewayOptions {
  /** External broker (Mosquitto, EMQX); when absent an embedded broker listens on host:port. */
  url: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** The embedded broker's packet size, connection and CONNECT time limits; defaults when absent. */
  limits?: Partial<BrokerLimits> | undefined;
  heartbeatTimeoutSeconds: number;
  /** Control messages handled at once (docs/scaling.md, "State reports under load"); default DEFAULT_CONTROL_CONCURRENCY (4). */
  controlConcurrency?: number | undefined;
  /** Telemetry reports held at most before an external broker's telemetry waits (docs/scaling.md, "Telemetry under load"); default DEFAULT_TELEMETRY_LIMIT (10,000). */
  telemetryLimit?: number | undefined;
  /** How often the history's partitions are made ahead and what is older than the telemetry_retention setting purged; default hourly. */
  purgeIntervalMs?: number;
  /** How often the trajectories' hourly summary is brought up to the last ended hour; default every 5 minutes. */
  trackIntervalMs?: number;
  /** How often the business alarm rules are checked; default every 15 seconds. */
  businessAlarmIntervalMs?: number;
  /** On an external broker: the shared-subscription group several servers split the messages in. */
  shareGroup?: string | undefined;
  /** On an external Mosquitto: keep its password file and ACL written from the database. */
  mosquittoAuth?: MosquittoAuthOptions | undefined;
}

export interface DeviceGateway {
  link: DeviceLink;
  /** The embedded broker's port; undefined on an external broker. */
  port: number | undefined;
  close(): Promise<void>;
}

/**
 * Starts the device link: the embedded broker unless a URL names one, the MQTT link, and the
 * heartbeat sweep that marks silent cabinets offline and closes reservations past their time, the
 * sweep of overdue commands, the upkeep of the telemetry history (day partitions, retention) and the hourly
 * summary of the devices' routes. Stateless:
 * several servers may share a broker.
 */
export async function startDeviceGateway(db: Db, options: GatewayOptions, log: LinkLog, hub: DeviceHub): Promise<DeviceGateway> {
  // Today's history partition before the first report: attached while reports of its day are being
  // written, it would fail their batch once (docs/scaling.md, "Partitioning by time").
  await ensureTelemetryPartitions(db).catch((error: unknown) => log.warn({ error: String(error) }, 'telemetry history upkeep failed'));
  let broker: EmbeddedBroker | undefined;
  let transport: DeviceTransport;
  let mosquittoAuth: MosquittoAuthSync | undefined;
  if (options.url) {
    const account = { url: options.url, username: options.username ?? '', password: options.password ?? '' };
    if (options.mosquittoAuth) {
      mosquittoAuth = mosquittoAuthSync(db, options.url, account, options.mosquittoAuth, log);
      // Before the gateway connects: its own account may be new to the files.
      await mosquittoAuth.refresh();
    }
    transport = externalBrokerTransport({ ...account, shareGroup: options.shareGroup }, log);
  } else {
    broker = await startEmbeddedBroker({
      host: options.host,
      port: options.port,
      auth: { verifyDevice: (number, secret) => verifyDevice(db, number, secret) },
      log,
      limits: options.limits,
    });
    log.info({ port: broker.port }, 'embedded MQTT broker listening');
    transport = broker.transport;
  }
  const link = new GatewayDeviceLink({
    transport,
    db,
    log,
    hub,
    controlConcurrency: options.controlConcurrency,
    telemetryLimit: options.telemetryLimit,
  });
  try {
    await link.start();
  } catch (error) {
    await link.stop();
    await broker?.close();
    throw error;
  }
  // A replaced secret ends the device's session on our broker, or on a Mosquitto whose files we write.
  const stopKicking = hub.onChange((change) => {
    if (change.channel !== DEVICE_CREDENTIAL_CHANNEL) return;
    broker?.disconnect(change.number);
    void mosquittoAuth?.refresh(change.number);
  });
  const timeoutMs = options.heartbeatTimeoutSeconds * 1000;
  const sweep = setInterval(
    () => {
      markSilentCabinetsOffline(db, timeoutMs, log, hub).then(
        (count) => {
          if (count > 0) log.info({ count }, 'cabinets offline: heartbeat timeout');
        },
        (error: unknown) => log.warn({ error: String(error) }, 'heartbeat sweep failed'),
      );
      // Reservations past their time free their compartments (idempotent: several servers may sweep).
      expireAppointments(db).then(
        (numbers) => {
          for (const number of numbers) hub.emitChange({ kind: 'cabinet', number, channel: 'appointment' });
        },
        (error: unknown) => log.warn({ error: String(error) }, 'reservation expiry sweep failed'),
      );
    },
    Math.max(1000, Math.floor(timeoutMs / 3)),
  );
  sweep.unref();
  // Commands left outstanding by a stopped server end at their expiry (the live ones time out in the server that sent them).
  const sweepCommands = () =>
    sweepOverdueCommands(db).then(
      (numbers) => {
        for (const number of numbers) hub.emitChange({ kind: 'cabinet', number, channel: 'command' });
        if (numbers.length > 0) log.info({ cabinets: numbers.length }, 'overdue commands ended');
      },
      (error: unknown) => log.warn({ error: String(error) }, 'command sweep failed'),
    );
  await sweepCommands();
  const commandSweep = setInterval(() => void sweepCommands(), COMMAND_SWEEP_MS);
  commandSweep.unref();
  // Business alarm rules read what the business recorded (swaps, command outcomes, batteries in the
  // stations): each server checks them in turn, the unique index keeps one alarm per subject and rule.
  let evaluating = false;
  // Asked for again while a check runs: one more check once it ends.
  let again = false;
  const evaluateBusiness = (atEvent = false) => {
    if (evaluating) {
      again = true;
      return;
    }
    evaluating = true;
    // Each alarm opened or cleared is announced on its subject once stored (a station's by the station's id).
    evaluateBusinessAlarms(db, new Date(), atEvent, (alarm) =>
      hub.emitChange({ kind: alarm.kind, number: alarm.number, channel: ALARM_CHANNEL, merchantId: alarm.merchantId }),
    )
      .then(
        () => undefined,
        (error: unknown) => log.warn({ error: String(error) }, 'business alarm rules not evaluated'),
      )
      .finally(() => {
        evaluating = false;
        if (again) {
          again = false;
          askBusinessCheck();
        }
      });
  };
  const businessTimer = setInterval(() => evaluateBusiness(), options.businessAlarmIntervalMs ?? BUSINESS_ALARM_SWEEP_MS);
  businessTimer.unref();
  // Raised at the event (docs/alarms.md, "Business rules"): what this server stored asks for a check
  // soon; the device's own handling pays only this timer, never a query.
  let soon: NodeJS.Timeout | undefined;
  const askBusinessCheck = () => {
    if (soon) return;
    soon = setTimeout(() => {
      soon = undefined;
      evaluateBusiness(true);
    }, BUSINESS_ALARM_EVENT_MS);
    soon.unref();
  };
  const stopAsking = hub.onChange((change) => {
    if (!change.relayed && change.kind === 'cabinet' && BUSINESS_CHANNELS.has(change.channel)) askBusinessCheck();
  });
  // The history's day partitions made ahead and its purge (docs/scaling.md, "Partitioning by time").
  let upkeep: Promise<void> | undefined;
  const purge = () => {
    if (upkeep) return;
    upkeep = maintainTelemetryHistory(db)
      .then(
        ({ made, purged }) => {
          if (made.length) log.info({ partitions: made }, 'telemetry history: day partitions made ahead');
          if (purged && (purged.rows || purged.partitions || purged.deferred))
            log.info(purged, 'telemetry history purged: past its retention');
        },
        (error: unknown) => log.warn({ error: String(error) }, 'telemetry history upkeep failed'),
      )
      .finally(() => (upkeep = undefined));
  };
  const purgeTimer = setInterval(purge, options.purgeIntervalMs ?? 3_600_000);
  purgeTimer.unref();
  purge();
  // Each ended hour of the devices' routes is summarised within minutes of its end (at start, the
  // last day's), so no trajectory call reads a whole history (docs/stations-and-maps.md, "Trajectories").
  let trackSince = new Date(Date.now() - TRACK_JOB_LOOKBACK_HOURS * 3_600_000);
  let tracking: Promise<void> | undefined;
  let closing = false;
  const track = () => {
    if (tracking) return;
    tracking = summariseEndedHours(db, trackSince, new Date(), () => closing)
      .then(
        ({ until, devices }) => {
          trackSince = until;
          if (devices > 0) log.info({ devices, until: until.toISOString() }, 'trajectory hours summarised');
        },
        (error: unknown) => log.warn({ error: String(error) }, 'trajectory summary failed'),
      )
      .finally(() => (tracking = undefined));
  };
  const trackTimer = setInterval(track, options.trackIntervalMs ?? 300_000);
  trackTimer.unref();
  // The first run waits a minute: a starting server serves its first requests before catching up.
  const trackFirst = setTimeout(track, Math.min(60_000, options.trackIntervalMs ?? 60_000));
  trackFirst.unref();
  return {
    link,
    port: broker?.port,
    close: async () => {
      stopKicking();
      await mosquittoAuth?.settled();
      clearInterval(sweep);
      clearInterval(commandSweep);
      clearInterval(businessTimer);
      stopAsking();
      clearTimeout(soon);
      clearInterval(purgeTimer);
      await upkeep;
      clearInterval(trackTimer);
      clearTimeout(trackFirst);
      closing = true;
      await tracking;
      await link.stop();
      await broker?.close();
    },
  };
}
