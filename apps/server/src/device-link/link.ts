import { findIllegalText, parseDeviceTopic, type BatteryBacklog, type CommandResult, type VehicleBacklog } from '@swap/contracts';
import { inBackground, ownStatementsRunning, type Db, type Lane } from '../db/client.js';
import { TOPIC_HANDLERS, type DeviceMessage } from './handlers.js';
import type { DeviceHub } from '../app/device-hub.js';
import { Batcher, type BatcherOptions } from './batcher.js';
import { ControlGate, type Turn } from './control-gate.js';
import { backlogItems, backlogWindow, persistTelemetry, receiveTime, type TelemetryItem } from '../modules/telemetry/index.js';
import type { ReportingDevice } from '../modules/telemetry/index.js';
import { isDatabaseUnavailable } from '../app/errors.js';
import { DEFAULT_CONTROL_CONCURRENCY, DEFAULT_TELEMETRY_LIMIT } from '../app/config.js';
import { noticeDeviceAlarms, type AlarmReport } from '../modules/external-system/index.js';
import {
  ALARM_CHANNEL,
  AlarmSteps,
  alarmsAlongside,
  evaluateAlarms,
  readingsOf,
  type AlarmChange,
  type ReportedTelemetry,
} from '../modules/alarm/index.js';

export interface LinkLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** The server's side of the device protocol, whatever carries it. */
export interface DeviceLink {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once every message received so far is persisted (tests, orderly shutdown). */
  idle(): Promise<void>;
  /** What became of the cabinets' states (tests, benches; docs/scaling.md, "State reports under load"). */
  readonly states: StateCounts;
  /** Telemetry reports taken and not yet stored (tests, benches; docs/scaling.md, "Telemetry under load"). */
  readonly telemetry: TelemetryCounts;
}

/**
 * Hands the link each uplink message as it arrives: topic, raw payload, and whether it came from
 * the broker's retained store. Resolves once the message is stored or dropped for good (invalid,
 * unknown device): true; false when it could not be stored now (the database is away), so it must
 * not be acknowledged and the sender sends it again.
 */
export type DeliverUplink = (topic: string, payload: Buffer, retained: boolean) => Promise<boolean>;

/**
 * Whether the link takes more telemetry now: undefined when it does, else a promise resolved once
 * the reports it holds drained below its bound. A transport that acknowledges on receipt (an
 * external broker) stops reading and acknowledging telemetry until then (docs/scaling.md,
 * "Telemetry under load").
 */
export type TelemetryRoom = () => Promise<void> | undefined;

/**
 * What carries the protocol between the link and the broker: the embedded broker in-process
 * (broker.ts) or connections to an external one (transport.ts).
 */
export interface DeviceTransport {
  /** Starts handing every uplink message the server handles to `deliver`; telemetry only while `room` allows. */
  open(deliver: DeliverUplink, room: TelemetryRoom): Promise<void>;
  /** A downlink message (a command, an authorization answer), QoS 1. */
  publish(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /** Where it leads, for the log. */
  readonly description: string;
  /** Reaches the broker now; an external broker's connections come back by themselves. */
  readonly connected: boolean;
}

export interface DeviceLinkOptions {
  transport: DeviceTransport;
  db: Db;
  log: LinkLog;
  /** Told of every persisted message; given the link's sender while connected. */
  hub: DeviceHub;
  /** Telemetry batching; defaults to 2,000 reports or 20 ms (under load batches fill up: fewer, larger writes keep up). */
  batch?: Partial<BatcherOptions>;
  /** Control messages handled at once (docs/scaling.md, "State reports under load"); default DEFAULT_CONTROL_CONCURRENCY (4). */
  controlConcurrency?: number | undefined;
  /** Telemetry reports held at most before an external broker's telemetry waits (docs/scaling.md, "Telemetry under load"); default DEFAULT_TELEMETRY_LIMIT (10,000). */
  telemetryLimit?: number | undefined;
}

/** A device's full state waiting for its turn: a newer one takes its place until it starts. */
interface WaitingState {
  key: string;
  message: DeviceMessage<unknown>;
  stored: Promise<boolean>;
  /** The device's queue ended with it when it was queued; a newer state replaces it only while it still does. */
  tail?: Promise<unknown>;
  started: boolean;
  urgent: boolean;
  turn?: Turn;
  /** Its statements give way to operators' on the embedded database until something waits behind it. */
  lane: Lane;
}

/** What the link did with the cabinets' states since it started (tests, benches). */
export interface StateCounts {
  /** States received (valid, of a channel the server handles). */
  received: number;
  /** States replaced by a newer one of the same device before their turn: never stored themselves. */
  superseded: number;
}

/** The telemetry the link holds: received, not yet stored nor dropped (a backlog counts its readings). */
export interface TelemetryCounts {
  /** Held now. */
  pending: number;
  /** The most it held at once since it started. */
  mostPending: number;
  /** Its bound: an external broker's telemetry waits while the link holds this many. */
  readonly limit: number;
}

/**
 * The server's side of the device protocol: validates each payload with the contracts' schema and
 * hands it to the topic's handler. A bad message is logged and dropped; nothing a device sends can
 * stop the link.
 *
 * Two lanes, so a command's result never waits behind telemetry: telemetry, the bulk of the
 * traffic, is persisted in batches (latest state and history in one statement per batch, batches
 * one after the other in arrival order); the control channels (state, command results, swap
 * events, authorization) are handled at once, one message at a time per device, in arrival order
 * (a command's ACCEPTED excepted: the messages after it but the cabinet's next result do not wait for it).
 * Between the lanes no order is kept nor needed: telemetry touches no compartment, and a cabinet
 * that went offline by its last will comes back only with its next state (modules/telemetry/telemetry.ingest.ts).
 */
export class GatewayDeviceLink implements DeviceLink {
  /** The tail of each device's control queue; removed when it drains. */
  private readonly queues = new Map<string, Promise<unknown>>();
  /**
   * Each cabinet's command results `ACCEPTED` being stored beside its queue: the messages after one
   * do not wait for it, except the cabinet's next result (docs/device-protocol.md, "How the server
   * keeps telemetry"); removed once stored.
   */
  private readonly accepting = new Map<string, Promise<unknown>>();
  private readonly batcher: Batcher<TelemetryItem>;
  /** Backlogs whose time window is being read, before their readings join the batches. */
  private readonly backlogs = new Set<Promise<boolean>>();
  /** How many control messages run at once, command results first. */
  private readonly gate: ControlGate;
  /** Each device's state still waiting for its turn. */
  private readonly waitingStates = new Map<string, WaitingState>();
  /** Each device's state being stored. */
  private readonly runningStates = new Map<string, WaitingState>();
  /**
   * Cabinets sent a command whose final result has not come back, until the command's expiry at the
   * latest: an operator waits for what they report next (by the protocol, the state comes before the
   * result), so their states are no background work.
   */
  private readonly answering = new Map<string, number>();
  readonly states: StateCounts = { received: 0, superseded: 0 };
  readonly telemetry: TelemetryCounts;
  /** Transports waiting for the telemetry held to drain below the bound. */
  private readonly roomWaiters: (() => void)[] = [];
  /**
   * The rule step and external notices of the last stored batch: they run while the next batch is
   * written, one batch's after the other's (docs/scaling.md, "Alarm rules on the ingest path").
   */
  private evaluating: Promise<void> = Promise.resolve();
  /** What the last rule step left on the alarms it changed, for the next (docs/alarms.md, "Evaluation"). */
  private readonly alarmSteps = new AlarmSteps();

  constructor(private readonly options: DeviceLinkOptions) {
    this.gate = new ControlGate(options.controlConcurrency ?? DEFAULT_CONTROL_CONCURRENCY);
    this.telemetry = { pending: 0, mostPending: 0, limit: Math.max(1, options.telemetryLimit ?? DEFAULT_TELEMETRY_LIMIT) };
    // A batch's statements give way to requests waiting on the embedded database (docs/scaling.md).
    this.batcher = new Batcher((items) => inBackground(() => this.persistBatch(items)), {
      maxBatch: 2000,
      maxDelayMs: 20,
      ...options.batch,
    });
  }

  async start(): Promise<void> {
    const { transport, hub, log } = this.options;
    await transport.open(
      (topic, payload, retained) => this.receive(topic, payload, retained),
      () => this.room(),
    );
    hub.attachSender(
      (topic, payload) => {
        this.noteCommand(topic, payload);
        return transport.publish(topic, JSON.stringify(payload));
      },
      () => transport.connected,
    );
    log.info({ broker: transport.description }, 'device link connected');
  }

  async stop(): Promise<void> {
    this.options.hub.attachSender(undefined);
    await this.options.transport.close();
    await this.idle();
  }

  /** A command on its way to a cabinet: its reports are awaited until the final result or the command's expiry. */
  private noteCommand(topic: string, payload: unknown): void {
    const parsed = parseDeviceTopic(topic);
    if (parsed?.kind !== 'cabinet' || parsed.channel !== 'cmd') return;
    const expiresAt = Date.parse((payload as { expiresAt?: string }).expiresAt ?? '');
    if (Number.isFinite(expiresAt)) this.answering.set(parsed.number, expiresAt);
  }

  /** Whether an operator waits for this cabinet's command result. */
  private awaited(number: string): boolean {
    const until = this.answering.get(number);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.answering.delete(number);
    return false;
  }

  /** Telemetry reports waiting for their batch. */
  get pending(): number {
    return this.batcher.size;
  }

  /** Undefined while the link takes more telemetry; else resolved once what it holds drained below the bound. */
  private room(): Promise<void> | undefined {
    if (this.telemetry.pending < this.telemetry.limit) return undefined;
    return new Promise((resolve) => this.roomWaiters.push(resolve));
  }

  /** Counts reports held until they are stored or dropped; wakes the waiting transports once below the bound. */
  private held(reports: number, stored: Promise<boolean>): Promise<boolean> {
    const counts = this.telemetry;
    counts.pending += reports;
    counts.mostPending = Math.max(counts.mostPending, counts.pending);
    const release = () => {
      counts.pending -= reports;
      if (counts.pending < counts.limit) for (const wake of this.roomWaiters.splice(0)) wake();
    };
    stored.then(release, release);
    return stored;
  }

  async idle(): Promise<void> {
    while (this.queues.size > 0 || this.accepting.size > 0 || this.batcher.size > 0 || this.backlogs.size > 0) {
      await Promise.all([this.batcher.flush(), ...this.queues.values(), ...this.accepting.values(), ...this.backlogs]);
    }
    await this.batcher.flush();
    // The last batch's rules and notices (a batch's own waits for the one before it).
    await this.evaluating;
  }

  private receive(topic: string, raw: Buffer, retained: boolean): Promise<boolean> {
    const { log, db, hub } = this.options;
    const parsed = parseDeviceTopic(topic);
    const handler = parsed ? TOPIC_HANDLERS[`${parsed.kind}/${parsed.channel}`] : undefined;
    // Downlink echoes, and channels the server does not act on (firmware status).
    if (!parsed || !handler) return DONE;
    // An empty retained message clears the broker's store: nothing to persist.
    if (raw.length === 0) return DONE;
    const text = raw.toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      log.warn({ topic, bytes: raw.length }, 'device message dropped: not JSON');
      return DONE;
    }
    // The schemas refuse such text in every field they keep; this also covers keys and fields
    // they drop, so no device's report can hold what a batch statement would fail on. Only a `\u`
    // escape can put NUL or a lone surrogate into parsed JSON (docs/device-protocol.md, "Malformed
    // messages"), so a payload without one needs no walk.
    const illegal = text.includes('\\u') ? findIllegalText(json) : undefined;
    if (illegal !== undefined) {
      log.warn({ topic, issues: [`${illegal}: validation.illegalChars`] }, 'device message dropped: invalid payload');
      return DONE;
    }
    // Telemetry's schemas checked by hand first: a report they refuse is checked again by the schema, which says why.
    const accepted = 'accept' in handler ? handler.accept?.(json) : undefined;
    const checked = accepted !== undefined ? { success: true as const, data: accepted } : handler.schema.safeParse(json);
    if (!checked.success) {
      const issues = checked.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`);
      log.warn({ topic, issues }, 'device message dropped: invalid payload');
      return DONE;
    }
    if ('batched' in handler && handler.backlog) {
      const readings = (checked.data as BatteryBacklog | VehicleBacklog).readings;
      const stored = this.held(
        readings.length,
        this.receiveBacklog(topic, handler.batched as 'battery' | 'vehicle', parsed.number, readings),
      );
      this.backlogs.add(stored);
      void stored.finally(() => this.backlogs.delete(stored));
      return stored;
    }
    if ('batched' in handler) {
      return this.held(
        1,
        this.batcher.add({ kind: handler.batched, number: parsed.number, payload: checked.data, at: receiveTime() } as TelemetryItem),
      );
    }
    const key = `${parsed.kind}/${parsed.number}`;
    const commandAccepted = parsed.channel === 'cmd-result' && (checked.data as CommandResult).status === 'ACCEPTED';
    if (parsed.channel === 'cmd-result' && !commandAccepted) this.answering.delete(parsed.number);
    const message: DeviceMessage<unknown> = { number: parsed.number, payload: checked.data, retained, receivedAt: new Date(), log };
    const waiting = this.waitingStates.get(key);
    const awaited = handler.supersede !== undefined && parsed.kind === 'cabinet' && this.awaited(parsed.number);
    if (handler.supersede) {
      this.states.received++;
      // Its waiting state, last in its queue, is superseded: one write for both, each sender told
      // it is stored once the newer one is (docs/scaling.md, "State reports under load").
      if (waiting && !waiting.started && this.queues.get(key) === waiting.tail) {
        handler.supersede(waiting.message, message);
        this.states.superseded++;
        if (awaited) hurry(waiting);
        return waiting.stored;
      }
    } else {
      // A command's result or a swap behind a state: the state goes first, not after every other
      // cabinet's, and its statements no longer give way on the embedded database (the operator
      // waiting for the result waits for it).
      for (const ahead of [waiting, this.runningStates.get(key)]) if (ahead) hurry(ahead);
    }
    const state: WaitingState | undefined = handler.supersede
      ? { key, message, stored: DONE, started: false, urgent: awaited, lane: { background: !awaited } }
      : undefined;
    // A command's ACCEPTED changes only the command's row: it waits for the cabinet's messages before
    // it, but what comes after it (the state the command changed) does not wait for it; the next
    // result of the cabinet does, so a command's results are applied in their order.
    const before = this.queues.get(key) ?? DONE;
    const acceptedBefore = this.accepting.get(key);
    const ahead = acceptedBefore && !handler.supersede ? Promise.all([before, acceptedBefore]) : before;
    const stored = ahead
      .then(() => this.inTurn(state, () => handler.handle(db, message, hub)))
      .then(
        (registered) => {
          if (!registered) log.warn({ topic }, `device message dropped: ${parsed.kind} not registered`);
          else
            hub.emitChange({
              kind: parsed.kind,
              number: parsed.number,
              channel: parsed.channel,
              ...(message.linkChanged ? { linkChanged: true } : {}),
            });
          return true;
        },
        (error: unknown) => {
          if (isDatabaseUnavailable(error)) {
            log.warn({ topic, error: errorText(error) }, 'device message not stored: database unavailable');
            return false;
          }
          log.error({ topic, error: errorText(error) }, 'device message failed');
          return true;
        },
      );
    if (commandAccepted) {
      const beside = stored.finally(() => {
        if (this.accepting.get(key) === beside) this.accepting.delete(key);
      });
      this.accepting.set(key, beside);
      return stored;
    }
    const tail = stored.finally(() => {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    });
    this.queues.set(key, tail);
    if (state) {
      state.stored = stored;
      state.tail = tail;
      this.waitingStates.set(key, state);
    }
    return stored;
  }

  /**
   * Runs a control message's work in its turn at the gate. A state starts out of the urgent line
   * (unless hurried) and, on the embedded database, gives way to operators' statements (unless
   * something waits behind it).
   */
  private async inTurn<T>(state: WaitingState | undefined, work: () => Promise<T>): Promise<T> {
    const turn = this.gate.enter(!state || state.urgent);
    if (state) state.turn = turn;
    try {
      await turn.ready;
      if (!state) return await work();
      state.started = true;
      if (this.waitingStates.get(state.key) === state) this.waitingStates.delete(state.key);
      this.runningStates.set(state.key, state);
      try {
        return await inBackground(work, state.lane);
      } finally {
        if (this.runningStates.get(state.key) === state) this.runningStates.delete(state.key);
      }
    } finally {
      turn.leave();
    }
  }

  /**
   * A backlog's readings join the telemetry batches at their own times, those outside the window
   * (older than the retention, or later than the server's clock allows) dropped and logged.
   */
  private async receiveBacklog(
    topic: string,
    kind: 'battery' | 'vehicle',
    number: string,
    readings: BatteryBacklog['readings'] | VehicleBacklog['readings'],
  ): Promise<boolean> {
    const { db, log } = this.options;
    let window: { from: number; until: number };
    try {
      window = await backlogWindow(db);
    } catch (error) {
      if (isDatabaseUnavailable(error)) return false;
      log.error({ topic, error: errorText(error) }, 'device message failed');
      return true;
    }
    const { items, outside } = backlogItems(kind, number, readings, window);
    if (outside > 0) log.warn({ topic, readings: readings.length, outside }, 'backlog readings dropped: time outside the history window');
    const stored = await Promise.all(items.map((item) => this.batcher.add(item)));
    return stored.every(Boolean);
  }

  /**
   * Persists a batch; when the batch fails as a whole, each report is tried alone so one bad row
   * loses only itself. Answers the reports not stored because the database is away.
   */
  private async persistBatch(items: TelemetryItem[]): Promise<ReadonlySet<TelemetryItem>> {
    const { db, log } = this.options;
    const registered = new Map<string, ReportingDevice>();
    const failed = new Set<string>();
    const unstored = new Set<TelemetryItem>();
    // The write reads the devices' alarms not cleared for the rule step (docs/alarms.md, "Evaluation").
    const alongside = await alarmsAlongside(db).catch(() => undefined);
    this.alarmSteps.writeBegins();
    // While the server's own statements run on the embedded database (an operator's request, a
    // command's result), the batch is written SHARED_PIECE reports at a time, so they never wait
    // long behind one statement of it (docs/scaling.md, "The embedded database in its own thread").
    for (let from = 0; from < items.length;) {
      const piece = items.slice(from, from + (ownStatementsRunning() ? SHARED_PIECE : items.length));
      try {
        for (const [key, device] of await persistTelemetry(db, piece, alongside)) registered.set(key, device);
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          log.warn({ reports: items.length - from, error: errorText(error) }, 'telemetry not stored: database unavailable');
          for (const item of items.slice(from)) unstored.add(item);
          break;
        }
        log.warn({ reports: piece.length, error: errorText(error) }, 'telemetry batch failed: persisting its reports one by one');
        for (const item of piece) {
          try {
            for (const [key, device] of await persistTelemetry(db, [item], alongside)) registered.set(key, device);
          } catch (single) {
            if (isDatabaseUnavailable(single)) {
              unstored.add(item);
              continue;
            }
            failed.add(`${item.kind}/${item.number}`);
            log.error({ topic: `${item.kind}/${item.number}/telemetry`, error: errorText(single) }, 'device message failed');
          }
        }
      }
      from += piece.length;
    }
    if (unstored.size === items.length) return unstored;
    const told = new Set<string>();
    for (const item of items) {
      const { kind, number } = item;
      const key = `${kind}/${number}`;
      if (unstored.has(item)) continue;
      if (told.has(key)) continue;
      told.add(key);
      if (registered.has(key)) this.options.hub.emitChange({ kind, number, channel: 'telemetry' });
      else if (!failed.has(key)) log.warn({ topic: `${key}/telemetry` }, `device message dropped: ${kind} not registered`);
    }
    const live = items.filter((item) => !item.buffered && registered.has(`${item.kind}/${item.number}`));
    // The batch is stored (and its senders acknowledged) before its rule step: the step runs while
    // the next batch is written, after the last batch's step, and the next batch's step waits for it,
    // so at most one is behind (docs/alarms.md, "Evaluation").
    await this.evaluating;
    if (live.length)
      this.evaluating = this.afterStored(live, registered).catch((error: unknown) =>
        log.error({ reports: live.length, error: errorText(error) }, 'alarm step failed'),
      );
    return unstored;
  }

  /**
   * A stored batch's live reports against the alarm rules (each device's latest: docs/alarms.md,
   * "Evaluation"), its alarms opened and cleared announced to the header streams, then told to the
   * external systems that may see the devices: after the rules and the screens, so their queue is
   * no step on the header's path (docs/scaling.md, "Alarm latency").
   */
  private async afterStored(live: TelemetryItem[], registered: ReadonlyMap<string, ReportingDevice>): Promise<void> {
    const { db, log, hub } = this.options;
    const announce = (alarm: AlarmChange) =>
      hub.emitChange({ kind: alarm.kind, number: alarm.number, channel: ALARM_CHANNEL, merchantId: alarm.merchantId });
    const opened = await evaluateAlarms(
      db,
      readingsOf(live as ReportedTelemetry[], registered),
      new Date(),
      announce,
      this.alarmSteps,
    ).catch((error: unknown) => {
      log.warn({ reports: live.length, error: errorText(error) }, 'alarm rules not evaluated');
      return [];
    });
    for (const alarm of opened) announce(alarm);
    await noticeDeviceAlarms(db, live as AlarmReport[], new Date()).catch((error: unknown) =>
      log.warn({ reports: live.length, error: errorText(error) }, 'alarms not queued for external systems'),
    );
  }
}

/** A state something waits for: out of the urgent line at the gate if it has not started, and its statements first. */
function hurry(state: WaitingState): void {
  if (!state.started) {
    state.urgent = true;
    state.turn?.hurry();
  }
  state.lane.background = false;
}

/** Telemetry reports per statement while the server's own statements run on the embedded database. */
const SHARED_PIECE = 250;

/** Stored or dropped for good: acknowledge. */
const DONE = Promise.resolve(true);

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
