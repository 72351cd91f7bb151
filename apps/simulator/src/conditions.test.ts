import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { CommandResult } from '@swap/contracts';
import { Conditions, FAILING_COMMAND_CODE, FAILING_SWAP_BURST, raiseNowAndThen } from './conditions.js';
import { askControl, startControl, type ControlServer } from './control.js';
import { VirtualBattery, VirtualCabinet } from './devices.js';
import { batteryTelemetryReport, cabinetTelemetryReport, chargeStep, newBattery, seededRandom, slotReport } from './model.js';

/** Devices not connected to any broker: what they would report is read from their models. */
function devices(log?: (line: string) => void) {
  const random = seededRandom(7);
  const options = { url: 'mqtt://127.0.0.1:1', secret: '', random, faults: { dropRate: 0 } };
  const pack = newBattery('BCND00001', random, { lat: 0, lng: 0 });
  const cabinet = new VirtualCabinet(
    'CCND0001',
    [
      { index: 1, battery: pack },
      { index: 2, battery: null },
    ],
    options,
  );
  const battery = new VirtualBattery(pack, options);
  return { random, pack, cabinet, battery, conditions: new Conditions([cabinet], [battery], random, log) };
}

const telemetry = (cabinet: VirtualCabinet, random: () => number) =>
  cabinetTelemetryReport(cabinet.slots, new Date(), random, 1, {
    overheat: cabinet.held.has('overheat'),
    smoke: cabinet.held.has('smoke'),
    water: cabinet.held.has('water'),
    lowSignal: cabinet.held.has('lowSignal'),
  });

describe('conditions raised on request', () => {
  let control: ControlServer | undefined;
  afterEach(async () => {
    await control?.close();
    control = undefined;
  });

  it('a cabinet reports smoke, water, heat, a weak signal and an open door while held, and normal readings once cleared', async () => {
    const { cabinet, conditions, random } = devices();
    const before = telemetry(cabinet, random);
    expect([before.smokeAlarm, before.waterAlarm, before.signal >= 18, before.temperature < 50]).toEqual([false, false, true, true]);
    for (const condition of ['smoke', 'water', 'overheat', 'lowSignal'] as const) await conditions.raise({ device: 'CCND0001', condition });
    await conditions.raise({ device: 'CCND0001', condition: 'doorOpen', compartment: 2 });
    const held = telemetry(cabinet, random);
    expect(held.smokeAlarm).toBe(true);
    expect(held.waterAlarm).toBe(true);
    expect(held.temperature).toBeGreaterThanOrEqual(55);
    expect(held.signal).toBeLessThanOrEqual(5);
    expect(cabinet.slots.map(slotReport).map((s) => s.doorLock)).toEqual(['LOCKED', 'UNLOCKED']);
    expect(conditions.list()).toContainEqual({ device: 'CCND0001', condition: 'doorOpen', compartment: 2 });

    expect(await conditions.clear('CCND0001', 'smoke')).toBe(true);
    expect(await conditions.clear('CCND0001', 'smoke')).toBe(false);
    for (const condition of ['water', 'overheat', 'lowSignal', 'doorOpen'] as const) await conditions.clear('CCND0001', condition);
    const after = telemetry(cabinet, random);
    expect([after.smokeAlarm, after.waterAlarm, after.signal >= 18, after.temperature < 50]).toEqual([false, false, true, true]);
    expect(cabinet.slots.map(slotReport).map((s) => s.doorLock)).toEqual(['LOCKED', 'LOCKED']);
    expect(conditions.list()).toEqual([]);
  });

  it('a battery stays hot and low through charging until cleared, then cools down', async () => {
    const { pack, conditions, random } = devices();
    await conditions.raise({ device: 'BCND00001', condition: 'overheat' });
    await conditions.raise({ device: 'BCND00001', condition: 'lowCharge' });
    for (let i = 0; i < 20; i++) chargeStep(pack, random);
    const report = batteryTelemetryReport(pack, true, new Date(), random);
    expect(report.temperature).toBeGreaterThanOrEqual(57);
    expect(report.soc).toBeLessThanOrEqual(7);
    expect(report.current).toBe(0);
    await conditions.clear('BCND00001', 'overheat');
    await conditions.clear('BCND00001', 'lowCharge');
    chargeStep(pack, random);
    expect(pack.temperature).toBeLessThan(45);
    expect(pack.soc).toBeGreaterThan(7);
  });

  it('refuses an unknown device and a condition the device cannot hold', async () => {
    const { conditions } = devices();
    await expect(conditions.raise({ device: 'CNONE0001', condition: 'smoke' })).rejects.toMatchObject({ status: 404 });
    await expect(conditions.raise({ device: 'BCND00001', condition: 'smoke' })).rejects.toMatchObject({ status: 400 });
    await expect(conditions.raise({ device: 'CCND0001', condition: 'lowCharge' })).rejects.toMatchObject({ status: 400 });
    await expect(conditions.raise({ device: 'CCND0001', condition: 'doorOpen', compartment: 9 })).rejects.toMatchObject({ status: 400 });
    expect(conditions.list()).toEqual([]);
  });

  it('the control API raises, lists and clears, and refuses bad requests with a reason', async () => {
    const { conditions } = devices();
    control = await startControl(conditions, 0);
    const origin = `http://127.0.0.1:${control.port}`;
    expect(await askControl(origin, 'POST', '/conditions', { device: 'CCND0001', condition: 'water' })).toEqual({
      status: 200,
      body: { conditions: [{ device: 'CCND0001', condition: 'water' }] },
    });
    expect((await askControl(origin, 'GET', '/conditions')).body.conditions).toEqual([{ device: 'CCND0001', condition: 'water' }]);
    expect((await askControl(origin, 'POST', '/conditions', { device: 'CCND0001', condition: 'fire' })).status).toBe(400);
    expect((await askControl(origin, 'POST', '/conditions', { device: 'C\u0000', condition: 'water' })).status).toBe(400);
    expect((await askControl(origin, 'POST', '/conditions', { device: 'CZZZ0001', condition: 'water' })).status).toBe(404);
    const huge = await fetch(`${origin}/conditions`, { method: 'POST', body: 'x'.repeat(10_000) });
    expect(huge.status).toBe(400);
    const notJson = await fetch(`${origin}/conditions`, { method: 'POST', body: '{' });
    expect(notJson.status).toBe(400);
    expect((await askControl(origin, 'DELETE', '/conditions/CCND0001/smoke')).status).toBe(404);
    expect(await askControl(origin, 'DELETE', '/conditions/CCND0001/water')).toEqual({ status: 200, body: { conditions: [] } });
  });

  it('now and then raises a condition by itself and clears it later', async () => {
    const seen: string[] = [];
    const { cabinet, conditions, random } = devices((line) => seen.push(line));
    // A cabinet counts as running once connected; this one is not, so pretend it is.
    Object.defineProperty(cabinet, 'connected', { get: () => true });
    const stop = raiseNowAndThen(conditions, [cabinet], { everyMs: 40, lastMs: 40, firstMs: 0 }, random, (line) => seen.push(line));
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && !(seen.some((l) => l.includes('holds')) && seen.some((l) => l.includes('cleared'))))
      await new Promise((resolve) => setTimeout(resolve, 10));
    stop();
    expect(seen.some((line) => line.includes('holds'))).toBe(true);
    expect(seen.some((line) => line.includes('cleared'))).toBe(true);
  });

  it('a cabinet holding failing commands accepts each command and fails it, until cleared', async () => {
    const { cabinet, conditions } = devices();
    const results: CommandResult[] = [];
    // What the cabinet would publish on /cmd-result is kept instead.
    Object.assign(cabinet, {
      publish: (_topic: string, payload: object) => {
        if ('status' in payload) results.push(payload as CommandResult);
        return Promise.resolve();
      },
    });
    const openDoor = () => {
      const now = Date.now();
      return JSON.stringify({
        id: randomUUID(),
        name: 'OPEN_DOOR',
        compartment: 1,
        issuedAt: new Date(now - 1000).toISOString(),
        expiresAt: new Date(now + 10_000).toISOString(),
      });
    };
    await conditions.raise({ device: 'CCND0001', condition: 'failingCommands' });
    expect(conditions.list()).toEqual([{ device: 'CCND0001', condition: 'failingCommands' }]);
    await cabinet.commands.receive(openDoor());
    await cabinet.commands.receive(openDoor());
    expect(results.map((r) => [r.status, r.failureCode])).toEqual([
      ['ACCEPTED', undefined],
      ['FAILED', FAILING_COMMAND_CODE],
      ['ACCEPTED', undefined],
      ['FAILED', FAILING_COMMAND_CODE],
    ]);
    expect(await conditions.clear('CCND0001', 'failingCommands')).toBe(true);
    results.length = 0;
    await cabinet.commands.receive(openDoor());
    expect(results.map((r) => r.status)).toEqual(['ACCEPTED', 'SUCCEEDED']);
    expect(conditions.list()).toEqual([]);
  });

  it('a cabinet holding failing swaps fails a few at once and one now and then, at the return step with nothing moved, until cleared', async () => {
    const seen: string[] = [];
    const random = seededRandom(7);
    const options = { url: 'mqtt://127.0.0.1:1', secret: '', random, faults: { dropRate: 0 } };
    const pack = newBattery('BCND00002', random, { lat: 0, lng: 0 });
    const cabinet = new VirtualCabinet('CCND0002', [{ index: 1, battery: pack }], options);
    // The server's side: every hand-out authorized; what the cabinet sends is kept.
    const sent: { channel: string; payload: Record<string, unknown> }[] = [];
    let answer: ((payload: unknown) => void) | undefined;
    Object.defineProperty(cabinet, 'connected', { get: () => true });
    cabinet.awaitDownlink = <T>(_channel: string, match: (payload: unknown) => T | undefined) => {
      let matched: T | undefined;
      answer = (payload) => (matched = match(payload));
      return Promise.resolve(() => Promise.resolve(matched));
    };
    cabinet.report = (channel: string, payload: object) => {
      sent.push({ channel, payload: payload as Record<string, unknown> });
      if (channel === 'authorize')
        answer?.({ ...payload, ts: new Date().toISOString(), allowed: true, expiresAt: new Date().toISOString() });
      return Promise.resolve();
    };
    const conditions = new Conditions([cabinet], [], random, (line) => seen.push(line), 50);
    const events = () => sent.filter((s) => s.channel === 'event').map((s) => s.payload);
    await conditions.raise({ device: 'CCND0002', condition: 'failingSwaps' });
    expect(events()).toHaveLength(FAILING_SWAP_BURST);
    expect(conditions.list()).toEqual([{ device: 'CCND0002', condition: 'failingSwaps' }]);
    for (const event of events())
      expect(event).toMatchObject({
        result: 'FAILED',
        failureCode: 'BATTERY_DETECT_FAILURE',
        batteryIn: null,
        batteryOut: { number: 'BCND00002' },
      });
    // No rider's pack was read: the authorization names none, and the pack stays where it was.
    expect(sent.filter((s) => s.channel === 'authorize').every((s) => s.payload['batteryInNumber'] === undefined)).toBe(true);
    expect(cabinet.slots[0]!.battery?.number).toBe('BCND00002');
    await vi.waitFor(() => expect(events().length).toBeGreaterThan(FAILING_SWAP_BURST), { timeout: 5000 });
    expect(await conditions.clear('CCND0002', 'failingSwaps')).toBe(true);
    await conditions.stop();
    const after = events().length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events()).toHaveLength(after);
    expect(conditions.list()).toEqual([]);
    expect(seen).toContain('CCND0002 swap failed: BATTERY_DETECT_FAILURE');
  });
});
