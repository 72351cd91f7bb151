import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import {
  DEVICE_FAILURE_MESSAGES,
  acceptBatteryTelemetry,
  acceptVehicleTelemetry,
  batteryTelemetry,
  cabinetEvent,
  cabinetState,
  cabinetTelemetry,
  commandResult,
  deviceCommand,
  firmwareStatusReport,
  vehicleTelemetry,
} from './payloads.js';
import { batteryTelemetryTopic, cabinetTopic, parseDeviceTopic, vehicleTelemetryTopic } from './topics.js';

const ts = '2026-11-21T10:00:00.000Z';
const id = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

const slot = {
  index: 1,
  state: 'FULL',
  doorLock: 'LOCKED',
  batteryLock: 'LOCKED',
  inPlace: true,
  chargerSwitch: 'ON',
  voltage: 66.2,
  current: 2.1,
  temperature: 31.5,
  preset: 95,
  indicator: 'GREEN',
  fault: null,
  nfcSwitch: 'ON',
  enabled: true,
  batteryNumber: 'BJK000001',
};
const state = {
  online: true,
  ts,
  firmwareVersion: '1.4.2',
  compartments: [slot, { ...slot, index: 2, state: 'EMPTY', batteryNumber: null }],
};
const telemetry = {
  ts,
  humidity: 62,
  signal: 24,
  waterAlarm: false,
  smokeAlarm: false,
  temperature: 33.1,
  lamp: 'ON',
  radiator: 'AUTO',
  supply: 'NORMAL',
  power: { externalMax: 10, chargerTotal: 7.2 },
  meters: [{ index: 1, energyKwh: 10234.5 }],
  load: 3.4,
};
const battery = {
  ts,
  soc: 87,
  voltage: 66.4,
  current: -3.2,
  temperature: 30.2,
  cellVoltages: [3.31, 3.32, 3.3],
  cycles: 120,
  gsmSignal: 20,
  gpsSignal: 8,
  position: { lat: -6.2, lng: 106.8 },
  chargeSwitch: 'ALLOWED',
  dischargeSwitch: 'FORBIDDEN',
};
const vehicle = { ts, position: { lat: 13.75, lng: 100.52 }, speed: 32.5, acc: 'ON' };
const swap = {
  type: 'SWAP',
  eventId: 'e-1',
  batteryIn: { number: 'BJK000009', compartment: 2, soc: 12 },
  batteryOut: { number: 'BJK000001', compartment: 1, soc: 98 },
  startedAt: ts,
  endedAt: '2026-11-21T10:00:40.000Z',
  result: 'SUCCEEDED',
};
const command = { id, name: 'OPEN_DOOR', compartment: 3, issuedAt: ts, expiresAt: '2026-11-21T10:00:30.000Z' };

describe('device topics', () => {
  it('builds and parses every topic', () => {
    expect(cabinetTopic('CJK0001', 'state')).toBe('bss/v1/cabinet/CJK0001/state');
    expect(batteryTelemetryTopic('BJK000001')).toBe('bss/v1/battery/BJK000001/telemetry');
    expect(vehicleTelemetryTopic('VJK00001')).toBe('bss/v1/vehicle/VJK00001/telemetry');
    expect(parseDeviceTopic('bss/v1/cabinet/CJK0001/cmd-result')).toEqual({ kind: 'cabinet', number: 'CJK0001', channel: 'cmd-result' });
  });
  it('refuses wildcards, unknown channels and bad numbers', () => {
    expect(() => cabinetTopic('C/#', 'state')).toThrow();
    for (const topic of [
      'bss/v1/cabinet/+/state',
      'bss/v1/battery/B1/state',
      'bss/v2/cabinet/C1/state',
      'bss/v1/cabinet/C1',
      'x/v1/cabinet/C1/state',
    ])
      expect(parseDeviceTopic(topic)).toBeNull();
  });
});

describe('device payloads', () => {
  it('accepts good cabinet state, both online and the last will', () => {
    expect(cabinetState.safeParse(state).success).toBe(true);
    expect(cabinetState.safeParse({ online: false }).success).toBe(true);
  });
  it('refuses bad cabinet state', () => {
    expect(cabinetState.safeParse({ ...state, compartments: [] }).success).toBe(false);
    expect(cabinetState.safeParse({ ...state, compartments: [{ ...slot, state: 'BROKEN' }] }).success).toBe(false);
    expect(cabinetState.safeParse({ ...state, compartments: [{ ...slot, preset: 120 }] }).success).toBe(false);
    expect(cabinetState.safeParse({ online: 'yes' }).success).toBe(false);
    expect(cabinetState.safeParse({ ...state, ts: 'yesterday' }).success).toBe(false);
  });
  it('checks cabinet telemetry', () => {
    expect(cabinetTelemetry.safeParse(telemetry).success).toBe(true);
    expect(cabinetTelemetry.safeParse({ ...telemetry, humidity: 140 }).success).toBe(false);
    expect(cabinetTelemetry.safeParse({ ...telemetry, signal: 2.5 }).success).toBe(false);
    expect(cabinetTelemetry.safeParse({ ...telemetry, waterAlarm: 'no' }).success).toBe(false);
    const { load: _load, ...withoutLoad } = telemetry;
    expect(cabinetTelemetry.safeParse(withoutLoad).success).toBe(false);
    // Meters: whole indexes 1 to 100, no negative energy; what reaches the cabinet is index and kWh only.
    expect(cabinetTelemetry.safeParse({ ...telemetry, meters: [{ index: 0, energyKwh: 1 }] }).success).toBe(false);
    expect(cabinetTelemetry.safeParse({ ...telemetry, meters: [{ index: 1.5, energyKwh: 1 }] }).success).toBe(false);
    expect(cabinetTelemetry.safeParse({ ...telemetry, meters: [{ index: 1, energyKwh: -1 }] }).success).toBe(false);
    expect(cabinetTelemetry.parse({ ...telemetry, meters: [{ index: 2, energyKwh: 5, phase: 'A' }] }).meters).toEqual([
      { index: 2, energyKwh: 5 },
    ]);
  });
  it('checks battery telemetry', () => {
    expect(batteryTelemetry.safeParse(battery).success).toBe(true);
    expect(batteryTelemetry.safeParse({ ...battery, position: null }).success).toBe(true);
    expect(batteryTelemetry.safeParse({ ...battery, soc: -1 }).success).toBe(false);
    expect(batteryTelemetry.safeParse({ ...battery, cellVoltages: [] }).success).toBe(false);
    expect(batteryTelemetry.safeParse({ ...battery, position: { lat: 91, lng: 0 } }).success).toBe(false);
    expect(batteryTelemetry.safeParse({ ...battery, chargeSwitch: 'ON' }).success).toBe(false);
  });
  it('checks vehicle telemetry', () => {
    expect(vehicleTelemetry.safeParse(vehicle).success).toBe(true);
    expect(vehicleTelemetry.safeParse({ ...vehicle, acc: 'MAYBE' }).success).toBe(false);
    expect(vehicleTelemetry.safeParse({ ...vehicle, speed: -5 }).success).toBe(false);
  });
  it('checks swap events', () => {
    expect(cabinetEvent.safeParse(swap).success).toBe(true);
    expect(cabinetEvent.safeParse({ ...swap, result: 'FAILED', batteryOut: null, failureCode: 'OPEN_DOOR_FAILURE' }).success).toBe(true);
    expect(cabinetEvent.safeParse({ ...swap, result: 'FAILED' }).success).toBe(false);
    expect(cabinetEvent.safeParse({ ...swap, batteryOut: null }).success).toBe(false);
    expect(cabinetEvent.safeParse({ ...swap, endedAt: '2026-11-21T09:00:00.000Z' }).success).toBe(false);
    expect(cabinetEvent.safeParse({ ...swap, type: 'CHARGE' }).success).toBe(false);
  });
  it('checks commands of each shape', () => {
    expect(deviceCommand.safeParse(command).success).toBe(true);
    expect(deviceCommand.safeParse({ ...command, name: 'RESTART', compartment: undefined }).success).toBe(true);
    const firmware = { version: '1.5.0', url: 'https://fw.example.com/c12-1.5.0.bin', size: 1024, sha256: 'a'.repeat(64) };
    expect(deviceCommand.safeParse({ ...command, name: 'FIRMWARE_UPDATE', firmware }).success).toBe(true);
    expect(deviceCommand.safeParse({ ...command, name: 'FIRMWARE_UPDATE', firmware: { ...firmware, sha256: 'xyz' } }).success).toBe(false);
    expect(deviceCommand.safeParse({ ...command, compartment: undefined }).success).toBe(false);
    expect(deviceCommand.safeParse({ ...command, id: '42' }).success).toBe(false);
    expect(deviceCommand.safeParse({ ...command, expiresAt: ts }).success).toBe(false);
    expect(deviceCommand.safeParse({ ...command, name: 'SELF_DESTRUCT' }).success).toBe(false);
  });
  it('checks command results and maps every failure code to a catalogue message', () => {
    expect(commandResult.safeParse({ id, status: 'ACCEPTED', ts }).success).toBe(true);
    expect(commandResult.safeParse({ id, status: 'FAILED', ts, failureCode: 'DOOR_FAILURE' }).success).toBe(true);
    expect(commandResult.safeParse({ id, status: 'FAILED', ts }).success).toBe(false);
    expect(commandResult.safeParse({ id, status: 'QUEUED', ts }).success).toBe(false);
    expect(commandResult.safeParse({ id, status: 'FAILED', ts, failureCode: 'GREMLINS' }).success).toBe(false);
    for (const key of Object.values(DEVICE_FAILURE_MESSAGES)) expect(MESSAGES[key].code).toBeGreaterThanOrEqual(5000);
  });
  it('checks firmware status reports', () => {
    expect(firmwareStatusReport.safeParse({ commandId: id, version: '1.5.0', status: 'InvalidChecksum', ts }).success).toBe(true);
    expect(firmwareStatusReport.safeParse({ commandId: id, version: '1.5.0', status: 'Bricked', ts }).success).toBe(false);
    expect(firmwareStatusReport.safeParse({ commandId: id, version: '', status: 'Installed', ts }).success).toBe(false);
  });
});

describe('telemetry acceptors', () => {
  // Every field of a valid report replaced by each of these (or left out), and whole reports that
  // are no object: the acceptor answers what the schema answers, or nothing where it refuses.
  const odd: unknown[] = [
    null,
    true,
    false,
    '',
    'x',
    'ALLOWED',
    'FORBIDDEN',
    'ON',
    'OFF',
    'on',
    [],
    {},
    [3.3],
    ['3'],
    [null],
    [5.1],
    [-0.1],
    new Array(300).fill(3),
    new Array(301).fill(3),
    -1001,
    -1000,
    -41,
    -40,
    -1,
    -0,
    0,
    0.5,
    1,
    5,
    5.1,
    31,
    32,
    99,
    100,
    100.5,
    150,
    151,
    300,
    300.1,
    1000,
    1001,
    2147483647,
    2147483648,
    1e300,
    -1e300,
    '87',
    'x'.repeat(200),
    'x'.repeat(201),
    'a\u0000b',
    '\ud800',
    'ok \ud83d\udd0b',
    { lat: 0, lng: 0 },
    { lat: 91, lng: 0 },
    { lat: -90, lng: -180 },
    { lat: 0, lng: 180.5 },
    { lat: 0 },
    { lat: '1', lng: 0 },
    { lat: 1, lng: 2, alt: 3 },
    [1, 2],
    ts,
    '2026-11-21T10:00:00Z',
    '2026-11-21T10:00:00+07:00',
    '2028-02-29T10:00:00Z',
    '2026-02-29T10:00:00Z',
    '2026-11-21 10:00:00Z',
    '2026-11-21T10:00:00',
    `${ts} `,
    '2026-11-21T24:00:00Z',
  ];
  const variants = (base: Record<string, unknown>) => {
    const out: unknown[] = [null, [], 'report', 1, { ...base, extra: 1, __proto__: 2 }, base];
    for (const key of [...Object.keys(base), 'soc', 'fault']) {
      const { [key]: _, ...without } = base;
      out.push(without);
      for (const value of odd) out.push({ ...base, [key]: value });
    }
    return out;
  };
  const same = (accept: (json: unknown) => unknown, schema: typeof batteryTelemetry | typeof vehicleTelemetry, base: object) => {
    for (const json of variants(base as Record<string, unknown>)) {
      const checked = schema.safeParse(json);
      const accepted = accept(json);
      expect(accepted, JSON.stringify(json)).toStrictEqual(checked.success ? checked.data : undefined);
      if (checked.success) expect(Object.keys(accepted as object)).toEqual(Object.keys(checked.data));
    }
  };
  it('take exactly the battery reports the schema takes, as it answers them', () => {
    same(acceptBatteryTelemetry, batteryTelemetry, battery);
    same(acceptBatteryTelemetry, batteryTelemetry, { ...battery, position: null });
  });
  it('take exactly the vehicle reports the schema takes, as it answers them', () => {
    same(acceptVehicleTelemetry, vehicleTelemetry, vehicle);
    same(acceptVehicleTelemetry, vehicleTelemetry, { ...vehicle, soc: 40, fault: 'E12 motor' });
    same(acceptVehicleTelemetry, vehicleTelemetry, { ...vehicle, soc: null, fault: null });
  });
});
