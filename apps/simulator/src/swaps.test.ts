import { describe, expect, it } from 'vitest';
import { authorizeRequest, swapEvent, type AuthorizeResult } from '@swap/contracts';
import type { VirtualCabinet } from './devices.js';
import { newBattery, seededRandom, type SlotModel } from './model.js';
import { performSwap, pickIn, pickOut, takeRiders } from './swaps.js';
import { parseSwapFailureRates, SwapFaults } from './swap-faults.js';
import { slotReport } from './model.js';

const random = seededRandom(11);
const pack = (number: string, soc: number) => ({ ...newBattery(number, random, { lat: 0, lng: 0 }), soc });

/**
 * A cabinet whose link is replaced by a server that answers every authorization with `decide`:
 * what the swap flow sends, in order, is kept for the assertions.
 */
function cabinetAnswering(
  slots: SlotModel[],
  decide: (request: { requestId: string }) => Omit<AuthorizeResult, 'requestId' | 'ts'> | null,
) {
  const sent: { channel: string; payload: Record<string, unknown> }[] = [];
  let states = 0;
  let pending: ((payload: unknown) => void) | undefined;
  const swapFaults = new SwapFaults({}, random);
  const cabinet = {
    number: 'CSIM001',
    slots,
    connected: true,
    swapFaults,
    awaitDownlink<T>(_channel: string, match: (payload: unknown) => T | undefined) {
      let answer: T | undefined;
      pending = (payload) => (answer = match(payload));
      return Promise.resolve(() => Promise.resolve(answer));
    },
    report(channel: string, payload: Record<string, unknown>) {
      sent.push({ channel, payload });
      const decision = channel === 'authorize' ? decide(payload as { requestId: string }) : null;
      if (decision) pending?.({ ...decision, requestId: payload.requestId, ts: new Date().toISOString() });
      return Promise.resolve();
    },
    publishState() {
      states += 1;
      return Promise.resolve();
    },
  };
  return { cabinet: cabinet as unknown as VirtualCabinet, swapFaults, sent, states: () => states };
}

describe('swaps as a cabinet runs them', () => {
  it('hands out the fullest pack and takes the rider’s into an empty compartment', () => {
    const slots = [
      { index: 1, battery: pack('B1', 60) },
      { index: 2, battery: pack('B2', 98) },
      { index: 3, battery: null },
    ];
    expect(pickOut(slots)?.index).toBe(2);
    expect(pickOut(slots, 1)?.index).toBe(1);
    expect(pickOut(slots, 3)).toBeUndefined();
    expect(pickIn(slots, slots[1]!).index).toBe(3);
    expect(pickIn([slots[0]!, slots[1]!], slots[1]!).index).toBe(2);
  });

  it('asks first, then reports the swap and the new state once allowed', async () => {
    const slots = [
      { index: 1, battery: pack('B1', 97) },
      { index: 2, battery: null },
    ];
    const rider = pack('B9', 15);
    const { cabinet, sent, states } = cabinetAnswering(slots, () => ({ allowed: true }));
    const request = { customer: 'C1', rider };
    const outcome = await performSwap(cabinet, request);
    expect(outcome).toMatchObject({ result: 'SUCCEEDED', batteryOut: 'B1', batteryIn: 'B9' });
    expect(sent.map((m) => m.channel)).toEqual(['authorize', 'event']);
    const asked = authorizeRequest.parse(sent[0]!.payload);
    expect(asked).toMatchObject({ batteryNumber: 'B1', compartment: 1, customer: 'C1', batteryInNumber: 'B9' });
    const event = swapEvent.parse(sent[1]!.payload);
    expect(event).toMatchObject({
      result: 'SUCCEEDED',
      requestId: asked.requestId,
      batteryOut: { number: 'B1', compartment: 1, soc: 97 },
      batteryIn: { number: 'B9', compartment: 2, soc: 15 },
    });
    expect(slots.map((s) => s.battery?.number ?? null)).toEqual([null, 'B9']);
    expect(request.rider.number).toBe('B1');
    expect(states()).toBe(1);
  });

  it('aborts on a refusal and keeps the packs where they were', async () => {
    const slots = [{ index: 1, battery: pack('B1', 97) }];
    const { cabinet, sent, states } = cabinetAnswering(slots, () => ({ allowed: false, reason: 'BATTERY_RETURNING' }));
    const outcome = await performSwap(cabinet, { customer: 'C1', rider: pack('B9', 10) });
    expect(outcome).toMatchObject({ result: 'REFUSED', reason: 'BATTERY_RETURNING' });
    expect(swapEvent.parse(sent[1]!.payload)).toMatchObject({ result: 'ABORTED', batteryIn: null });
    expect(slots[0]!.battery?.number).toBe('B1');
    expect(states()).toBe(0);
  });

  it('gives up without a report when the server does not answer', async () => {
    const slots = [{ index: 1, battery: pack('B1', 97) }];
    const { cabinet, sent } = cabinetAnswering(slots, () => null);
    expect(await performSwap(cabinet, { customer: 'C1', rider: pack('B9', 10) })).toEqual({ result: 'NO_ANSWER' });
    expect(sent.map((m) => m.channel)).toEqual(['authorize']);
    expect(
      await performSwap(cabinetAnswering([{ index: 1, battery: null }], () => null).cabinet, { customer: 'C1', rider: pack('B8', 1) }),
    ).toEqual({ result: 'NOTHING_TO_SWAP' });
  });

  it('fails at the return step with nothing moved: the rider keeps the pack', async () => {
    const slots = [
      { index: 1, battery: pack('B1', 97) },
      { index: 2, battery: null },
    ];
    const rider = pack('B9', 15);
    const { cabinet, swapFaults, sent, states } = cabinetAnswering(slots, () => ({ allowed: true }));
    swapFaults.failNext('OPEN_DOOR_FAILURE');
    const request = { customer: 'C1', rider };
    expect(await performSwap(cabinet, request)).toMatchObject({
      result: 'FAILED',
      failureCode: 'OPEN_DOOR_FAILURE',
      riderKeepsPack: true,
    });
    const asked = authorizeRequest.parse(sent[0]!.payload);
    expect(swapEvent.parse(sent[1]!.payload)).toMatchObject({
      result: 'FAILED',
      failureCode: 'OPEN_DOOR_FAILURE',
      requestId: asked.requestId,
      batteryIn: null,
      batteryOut: { number: 'B1', compartment: 1 },
    });
    expect(slots.map((s) => s.battery?.number ?? null)).toEqual(['B1', null]);
    expect(request.rider.number).toBe('B9');
    expect(states()).toBe(0);
    // Only the queued swap fails: the next one succeeds.
    expect(await performSwap(cabinet, request)).toMatchObject({ result: 'SUCCEEDED', batteryOut: 'B1' });
  });

  it('fails at the hand-out step with the rider’s pack kept in its compartment and the full pack still in place', async () => {
    const slots = [
      { index: 1, battery: pack('B1', 97) },
      { index: 2, battery: null },
      { index: 3, battery: null },
    ];
    const { cabinet, swapFaults, sent, states } = cabinetAnswering(slots, () => ({ allowed: true }));
    swapFaults.failNext('IN_PLACE_MISMATCH');
    swapFaults.failNext('READ_BATTERY_ID_FAILURE');
    expect(await performSwap(cabinet, { customer: 'C1', rider: pack('B9', 15) })).toMatchObject({
      result: 'FAILED',
      riderKeepsPack: false,
    });
    expect(swapEvent.parse(sent[1]!.payload)).toMatchObject({
      result: 'FAILED',
      failureCode: 'IN_PLACE_MISMATCH',
      batteryIn: { number: 'B9', compartment: 2, soc: 15 },
      batteryOut: { number: 'B1', compartment: 1 },
    });
    expect(slots.map((s) => s.battery?.number ?? null)).toEqual(['B1', 'B9', null]);
    // An unreadable ID: the pack is in place but neither the event nor the state names it.
    expect(await performSwap(cabinet, { customer: 'C2', rider: pack('B8', 20) })).toMatchObject({ result: 'FAILED' });
    expect(swapEvent.parse(sent[3]!.payload)).toMatchObject({ failureCode: 'READ_BATTERY_ID_FAILURE', batteryIn: null });
    expect(slots[2]!.battery?.number).toBe('B8');
    expect(slotReport(slots[2]!)).toMatchObject({ inPlace: true, batteryNumber: null });
    expect(states()).toBe(2);
    // The cabinet never offers the pack it cannot identify.
    expect(pickOut(slots, 3)).toBeUndefined();
  });

  it('fails swaps at the configured rates and refuses codes no swap step reports', () => {
    const always = new SwapFaults(parseSwapFailureRates('BATTERY_DETECT_FAILURE=1'), random);
    expect([always.next(), always.next()]).toEqual(['BATTERY_DETECT_FAILURE', 'BATTERY_DETECT_FAILURE']);
    const some = new SwapFaults(parseSwapFailureRates('DOOR_FAILURE=0.25'), seededRandom(5));
    const failed = Array.from({ length: 2000 }, () => some.next()).filter(Boolean).length;
    expect(failed).toBeGreaterThan(400);
    expect(failed).toBeLessThan(600);
    expect(new SwapFaults({}, random).next()).toBeUndefined();
    expect(() => parseSwapFailureRates('RESTART_FAILED=0.1')).toThrow(/--swap-failures/);
    expect(() => parseSwapFailureRates('DOOR_FAILURE=2')).toThrow(/rate 0-1/);
    expect(() => parseSwapFailureRates('DOOR_FAILURE')).toThrow(/CODE=rate/);
  });

  it('puts one pack per loaded cabinet on the road at the start', () => {
    const make = (batteries: (string | null)[]) =>
      ({ slots: batteries.map((n, i) => ({ index: i + 1, battery: n ? pack(n, 80) : null })) }) as unknown as VirtualCabinet;
    const cabinets = [make(['A1', 'A2', null]), make(['B1', null])];
    expect(takeRiders(cabinets).map((b) => b.number)).toEqual(['A2']);
    expect(cabinets[0]!.slots.map((s) => s.battery?.number ?? null)).toEqual(['A1', null, null]);
  });
});
