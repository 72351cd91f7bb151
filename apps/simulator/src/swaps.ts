import { randomUUID } from 'node:crypto';
import { authorizeResult, type AuthorizeResult, type SwapEvent } from '@swap/contracts';
import type { VirtualCabinet } from './devices.js';
import { chargeReadings, type BatteryModel, type SlotModel } from './model.js';
import { SWAP_FAILURE_STEPS, type SwapFailureCode } from './swap-faults.js';

/** How long a cabinet waits for the server's authorization before it gives up. */
export const AUTHORIZE_TIMEOUT_MS = 5000;

export type SwapOutcome =
  | { result: 'SUCCEEDED'; eventId: string; batteryOut: string; batteryIn: string }
  | { result: 'REFUSED'; eventId: string; reason: string }
  /** Failed at a device step; `riderKeepsPack` when nothing went in (docs/device-protocol.md). */
  | { result: 'FAILED'; eventId: string; failureCode: SwapFailureCode; riderKeepsPack: boolean }
  | { result: 'NO_ANSWER' | 'NOTHING_TO_SWAP' };

export interface SwapRequest {
  /** The rider's customer id (or vehicle number). */
  customer: string;
  /** The pack the rider brings back; absent: the cabinet finds none (the swap fails at the return step). */
  rider?: BatteryModel;
  /** The swap fails with this code whatever the cabinet's rates (a cabinet holding failingSwaps). */
  failWith?: SwapFailureCode;
  /** Hand out from this compartment (a reservation); otherwise the fullest pack. */
  compartment?: number;
  timeoutMs?: number;
}

/** The fullest pack the cabinet holds (or the one in the asked compartment). */
export function pickOut(slots: SlotModel[], compartment?: number): SlotModel | undefined {
  // A pack whose ID the cabinet could not read is never offered.
  const loaded = slots.filter((slot) => slot.battery !== null && !slot.unidentified);
  if (compartment !== undefined) return loaded.find((slot) => slot.index === compartment);
  return loaded.sort((a, b) => b.battery!.soc - a.battery!.soc)[0];
}

/** The rider returns the pack into an empty compartment, or into the one emptied by the hand-out. */
export function pickIn(slots: SlotModel[], out: SlotModel): SlotModel {
  return slots.find((slot) => slot.battery === null && slot !== out) ?? out;
}

/**
 * One swap as a cabinet runs it: ask the server to authorize the hand-out, wait for the answer,
 * then swap the packs and report the swap event and the new state. A refusal aborts the swap
 * (reported as ABORTED); no answer in time aborts it without a report. An injected failure
 * (cabinet.swapFaults) ends it as FAILED where its step leaves the packs.
 */
export async function performSwap(cabinet: VirtualCabinet, request: SwapRequest): Promise<SwapOutcome> {
  const out = pickOut(cabinet.slots, request.compartment);
  if (!out?.battery) return { result: 'NOTHING_TO_SWAP' };
  const handOut = out.battery;
  const requestId = randomUUID();
  const startedAt = new Date();
  const answered = await cabinet.awaitDownlink<AuthorizeResult>(
    'authorize-result',
    (payload) => {
      const parsed = authorizeResult.safeParse(payload);
      return parsed.success && parsed.data.requestId === requestId ? parsed.data : undefined;
    },
    request.timeoutMs ?? AUTHORIZE_TIMEOUT_MS,
  );
  await cabinet.report('authorize', {
    requestId,
    ts: startedAt.toISOString(),
    batteryNumber: handOut.number,
    compartment: out.index,
    customer: request.customer,
    ...(request.rider ? { batteryInNumber: request.rider.number } : {}),
  });
  const answer = await answered();
  if (!answer) return { result: 'NO_ANSWER' };
  const eventId = randomUUID();
  if (!answer.allowed) {
    const aborted: SwapEvent = {
      type: 'SWAP',
      eventId,
      requestId,
      customer: request.customer,
      batteryIn: null,
      batteryOut: { number: handOut.number, compartment: out.index, soc: handOut.soc },
      startedAt: startedAt.toISOString(),
      endedAt: new Date().toISOString(),
      result: 'ABORTED',
    };
    await cabinet.report('event', aborted);
    return { result: 'REFUSED', eventId, reason: answer.reason ?? 'UNKNOWN' };
  }
  const into = pickIn(cabinet.slots, out);
  const failureCode = request.failWith ?? cabinet.swapFaults.next();
  // No pack brought back: the cabinet detects none in the compartment it opened.
  if (failureCode || !request.rider)
    return failSwap(cabinet, request, { eventId, requestId, startedAt, out, into, failureCode: failureCode ?? 'BATTERY_DETECT_FAILURE' });
  const rider = request.rider;
  const meter = chargeReadings(out, handOut);
  out.battery = null;
  into.battery = rider;
  into.chargeFromSoc = rider.soc;
  const event: SwapEvent = {
    type: 'SWAP',
    eventId,
    requestId,
    customer: request.customer,
    batteryIn: { number: rider.number, compartment: into.index, soc: rider.soc },
    batteryOut: { number: handOut.number, compartment: out.index, soc: handOut.soc },
    startedAt: startedAt.toISOString(),
    endedAt: new Date().toISOString(),
    result: 'SUCCEEDED',
    meter,
  };
  await cabinet.report('event', event);
  await cabinet.publishState();
  // The pack handed out is now the rider's; it drains on the road.
  request.rider = handOut;
  return { result: 'SUCCEEDED', eventId, batteryOut: handOut.number, batteryIn: event.batteryIn!.number };
}

interface FailedSwap {
  eventId: string;
  requestId: string;
  startedAt: Date;
  out: SlotModel;
  into: SlotModel;
  failureCode: SwapFailureCode;
}

/**
 * A swap that failed at a device step. At the return step nothing moved; at the hand-out step the
 * rider's pack is in its compartment (unidentified after a battery-ID read failure, so the event
 * and the state name no battery there) and the full pack stays where it was. `batteryOut` names
 * the pack the swap was to hand out.
 */
async function failSwap(cabinet: VirtualCabinet, request: SwapRequest, failed: FailedSwap): Promise<SwapOutcome> {
  const { out, into, failureCode } = failed;
  const handOut = out.battery!;
  // The rider's pack goes in only when there is one.
  const packIn = SWAP_FAILURE_STEPS[failureCode] === 'HANDOUT' && request.rider !== undefined;
  const identified = failureCode !== 'READ_BATTERY_ID_FAILURE';
  // With no empty compartment the pack would go where the hand-out was: nowhere to put it then.
  const room = into !== out;
  if (packIn && room) {
    into.battery = request.rider!;
    into.unidentified = !identified;
  }
  const event: SwapEvent = {
    type: 'SWAP',
    eventId: failed.eventId,
    requestId: failed.requestId,
    customer: request.customer,
    batteryIn: packIn && room && identified ? { number: request.rider!.number, compartment: into.index, soc: request.rider!.soc } : null,
    batteryOut: { number: handOut.number, compartment: out.index, soc: handOut.soc },
    startedAt: failed.startedAt.toISOString(),
    endedAt: new Date().toISOString(),
    result: 'FAILED',
    failureCode,
  };
  await cabinet.report('event', event);
  if (packIn && room) await cabinet.publishState();
  return { result: 'FAILED', eventId: failed.eventId, failureCode, riderKeepsPack: !(packIn && room) };
}

/**
 * Packs on the road at the start: one from every cabinet holding two or more, so the first riders
 * have something to bring back. Call before the cabinets first report their state.
 */
export function takeRiders(cabinets: readonly VirtualCabinet[]): BatteryModel[] {
  const riders: BatteryModel[] = [];
  for (const cabinet of cabinets) {
    const loaded = cabinet.slots.filter((slot) => slot.battery !== null);
    if (loaded.length < 2) continue;
    const last = loaded[loaded.length - 1]!;
    riders.push(last.battery!);
    last.battery = null;
  }
  return riders;
}

export interface SwapScheduleOptions {
  /** Swaps per cabinet per hour. */
  ratePerHour: number;
  random: () => number;
  riders: BatteryModel[];
  log: (line: string) => void;
  /** How often each cabinet rolls the dice, ms. */
  stepMs?: number;
}

/** Runs swaps at random at the given rate per cabinet; answers the function that stops them. */
export function scheduleSwaps(cabinets: readonly VirtualCabinet[], options: SwapScheduleOptions): () => Promise<void> {
  const stepMs = options.stepMs ?? 1000;
  const chance = (options.ratePerHour * stepMs) / 3_600_000;
  let customer = 0;
  const running = new Set<Promise<void>>();
  const busy = new Set<VirtualCabinet>();
  const timer = setInterval(() => {
    for (const cabinet of cabinets) {
      if (busy.has(cabinet) || !cabinet.connected || options.random() >= chance) continue;
      const rider = options.riders.shift();
      if (!rider) return;
      customer += 1;
      const request: SwapRequest = { customer: `C${String(10000 + (customer % 9000))}`, rider };
      busy.add(cabinet);
      let leavesWithPack = true;
      const run = performSwap(cabinet, request)
        .then((outcome) => {
          if (outcome.result === 'REFUSED') options.log(`${cabinet.number} swap refused: ${outcome.reason}`);
          if (outcome.result === 'NO_ANSWER') options.log(`${cabinet.number} swap aborted: no authorization answer`);
          if (outcome.result === 'FAILED') {
            options.log(`${cabinet.number} swap failed: ${outcome.failureCode}`);
            leavesWithPack = outcome.riderKeepsPack;
          }
        })
        .catch((error: unknown) => options.log(`${cabinet.number} swap failed: ${String(error)}`))
        .finally(() => {
          // The rider leaves with a pack (the new one, or the old one back) unless the cabinet kept it.
          if (leavesWithPack && request.rider) options.riders.push(request.rider);
          busy.delete(cabinet);
          running.delete(run);
        });
      running.add(run);
    }
  }, stepMs);
  return async () => {
    clearInterval(timer);
    await Promise.all(running);
  };
}
