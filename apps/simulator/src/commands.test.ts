import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commandResult, type CommandResult } from '@swap/contracts';
import { CommandResponder, DEFAULT_COMMAND_BEHAVIOUR, parseFailureRates, type CommandBehaviour } from './commands.js';
import { batteryTelemetryReport, newBattery, seededRandom, slotReport, type BatteryModel, type SlotModel } from './model.js';

function cabinet(behaviour: Partial<CommandBehaviour> = {}) {
  const random = seededRandom(3);
  const slots: SlotModel[] = [
    { index: 1, battery: newBattery('BSIM00001', random, { lat: 0, lng: 0 }) },
    { index: 2, battery: null },
  ];
  const log: string[] = [];
  const results: CommandResult[] = [];
  const changed: BatteryModel[] = [];
  const restarts: number[] = [];
  const responder = new CommandResponder(
    {
      number: 'CSIM0001',
      slots,
      publishResult: (result) => {
        expect(commandResult.safeParse(result).success).toBe(true);
        results.push(result);
        log.push(`result ${result.status}`);
        return Promise.resolve();
      },
      publishState: () => {
        log.push(`state ${JSON.stringify(slots.map(slotReport).map((s) => [s.doorLock, s.batteryLock, s.chargerSwitch, s.enabled]))}`);
        return Promise.resolve();
      },
      restart: (ms) => {
        restarts.push(ms);
        log.push('restart');
        return Promise.resolve();
      },
      batteryChanged: (battery) => changed.push(battery),
      updateFirmware: (id, image) => log.push(`firmware ${image.version}`),
    },
    { ...DEFAULT_COMMAND_BEHAVIOUR, delayMs: [0, 0], ...behaviour },
    random,
  );
  return { responder, slots, log, results, changed, restarts };
}

function command(name: string, extra: Record<string, unknown> = {}, expiresInMs = 10_000) {
  const now = Date.now();
  return JSON.stringify({
    id: randomUUID(),
    name,
    issuedAt: new Date(now - 5000).toISOString(),
    expiresAt: new Date(now + expiresInMs).toISOString(),
    ...extra,
  });
}

describe('a simulated cabinet answering commands', () => {
  it('opens a door: accepted, the new state published, then succeeded; the door locks again later', async () => {
    const c = cabinet({ doorOpenMs: 30 });
    await c.responder.receive(command('OPEN_DOOR', { compartment: 1 }));
    expect(c.log).toEqual([
      'result ACCEPTED',
      'state [["UNLOCKED","LOCKED","ON",true],["LOCKED","UNLOCKED","OFF",true]]',
      'result SUCCEEDED',
    ]);
    expect(slotReport(c.slots[0]!).doorLock).toBe('UNLOCKED');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(slotReport(c.slots[0]!).doorLock).toBe('LOCKED');
    expect(c.log).toHaveLength(4);
  });

  it('carries out a repeated id once and answers its earlier outcome again', async () => {
    const c = cabinet();
    const once = command('CHARGER_OFF', { compartment: 1 });
    await c.responder.receive(once);
    await c.responder.receive(once);
    expect(c.responder.executed).toBe(1);
    expect(c.results.map((r) => r.status)).toEqual(['ACCEPTED', 'SUCCEEDED', 'SUCCEEDED']);
    expect(new Set(c.results.map((r) => r.id)).size).toBe(1);
    expect(slotReport(c.slots[0]!).chargerSwitch).toBe('OFF');
  });

  it('rejects an expired command, an unknown compartment and ignores what is not a command', async () => {
    const c = cabinet();
    await c.responder.receive(command('OPEN_DOOR', { compartment: 1 }, -1));
    await c.responder.receive(command('OPEN_DOOR', { compartment: 9 }));
    await c.responder.receive('not json');
    await c.responder.receive(JSON.stringify({ id: 'x', name: 'OPEN_DOOR' }));
    expect(c.results.map((r) => [r.status, r.detail])).toEqual([
      ['REJECTED', 'command expired'],
      ['REJECTED', 'no such compartment'],
    ]);
    expect(c.responder.executed).toBe(0);
  });

  it('fails the next command with an injected code, and by configured rates', async () => {
    const c = cabinet();
    c.responder.failNext('READ_BATTERY_ID_FAILURE');
    await c.responder.receive(command('BATTERY_UNLOCK', { compartment: 1 }));
    expect(c.results.at(-1)).toMatchObject({ status: 'FAILED', failureCode: 'READ_BATTERY_ID_FAILURE' });
    expect(slotReport(c.slots[0]!).batteryLock).toBe('LOCKED');
    await c.responder.receive(command('BATTERY_UNLOCK', { compartment: 1 }));
    expect(c.results.at(-1)).toMatchObject({ status: 'SUCCEEDED' });
    expect(slotReport(c.slots[0]!).batteryLock).toBe('UNLOCKED');

    const always = cabinet({ failureRates: { DOOR_FAILURE: 1 } });
    await always.responder.receive(command('OPEN_DOOR', { compartment: 2 }));
    expect(always.results.at(-1)).toMatchObject({ status: 'FAILED', failureCode: 'DOOR_FAILURE' });
  });

  it('cannot lock or switch a battery in an empty compartment', async () => {
    const c = cabinet();
    await c.responder.receive(command('BATTERY_LOCK', { compartment: 2 }));
    expect(c.results.at(-1)).toMatchObject({ status: 'FAILED', failureCode: 'BATTERY_FAULT_OR_MISSING' });
  });

  it('forbids charge and discharge on the battery, which reports it at once', async () => {
    const c = cabinet();
    await c.responder.receive(command('CHARGE_FORBID', { compartment: 1 }));
    await c.responder.receive(command('DISCHARGE_FORBID', { compartment: 1 }));
    const battery = c.slots[0]!.battery!;
    expect(c.changed).toEqual([battery, battery]);
    const report = batteryTelemetryReport(battery, false, new Date(), seededRandom(1));
    expect([report.chargeSwitch, report.dischargeSwitch]).toEqual(['FORBIDDEN', 'FORBIDDEN']);
    await c.responder.receive(command('CHARGE_ALLOW', { compartment: 1 }));
    expect(batteryTelemetryReport(battery, false, new Date(), seededRandom(1)).chargeSwitch).toBe('ALLOWED');
  });

  it('disables a compartment and restarts after reporting success', async () => {
    const c = cabinet({ restartMs: 1234 });
    await c.responder.receive(command('COMPARTMENT_DISABLE', { compartment: 2 }));
    expect(slotReport(c.slots[1]!).enabled).toBe(false);
    await c.responder.receive(command('RESTART'));
    expect(c.log.slice(-3)).toEqual(['result ACCEPTED', 'result SUCCEEDED', 'restart']);
    expect(c.restarts).toEqual([1234]);
  });

  it('stays silent when told to (a cabinet that never answers)', async () => {
    const c = cabinet();
    c.responder.silent = true;
    await c.responder.receive(command('OPEN_DOOR', { compartment: 1 }));
    expect(c.results).toEqual([]);
  });

  it('answers after realistic delays', async () => {
    const c = cabinet({ delayMs: [20, 30] });
    const started = Date.now();
    await c.responder.receive(command('CHARGER_ON', { compartment: 1 }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(38);
  });

  it('reads failure rates from the command line', () => {
    expect(parseFailureRates('DOOR_FAILURE=0.05,BATTERY_DETECT_FAILURE=0.1')).toEqual({ DOOR_FAILURE: 0.05, BATTERY_DETECT_FAILURE: 0.1 });
    expect(parseFailureRates('')).toEqual({});
    expect(() => parseFailureRates('DOOR=0.1')).toThrow(/CODE=rate/);
    expect(() => parseFailureRates('DOOR_FAILURE=2')).toThrow(/CODE=rate/);
  });
});
