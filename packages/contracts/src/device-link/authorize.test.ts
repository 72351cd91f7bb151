import { describe, expect, it } from 'vitest';
import { AUTHORIZE_REFUSALS, authorizeRequest, authorizeResult, cabinetTopic, MESSAGES, parseDeviceTopic, swapEvent } from '../index.js';

const requestId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const ts = '2026-11-21T10:00:00.000Z';

describe('authorization before a hand-out', () => {
  it('has its own uplink and downlink topics on a cabinet', () => {
    expect(parseDeviceTopic(cabinetTopic('CJK0001', 'authorize'))).toEqual({ kind: 'cabinet', number: 'CJK0001', channel: 'authorize' });
    expect(parseDeviceTopic(cabinetTopic('CJK0001', 'authorize-result'))?.channel).toBe('authorize-result');
    expect(parseDeviceTopic('bss/v1/battery/BJK000001/authorize')).toBeNull();
  });

  it('asks with a request id, the battery, its compartment and the customer', () => {
    const ask = { requestId, ts, batteryNumber: 'BJK000001', compartment: 3, customer: 'C10001' };
    expect(authorizeRequest.safeParse(ask).success).toBe(true);
    expect(authorizeRequest.safeParse({ ...ask, requestId: 'one' }).success).toBe(false);
    expect(authorizeRequest.safeParse({ ...ask, compartment: 0 }).success).toBe(false);
    expect(authorizeRequest.safeParse({ ...ask, customer: '' }).success).toBe(false);
  });

  it('answers allowed, or refused with a reason that maps to a catalogue message', () => {
    expect(authorizeResult.safeParse({ requestId, ts, allowed: true }).success).toBe(true);
    expect(authorizeResult.safeParse({ requestId, ts, allowed: false }).success).toBe(false);
    expect(authorizeResult.safeParse({ requestId, ts, allowed: false, reason: 'BATTERY_RETURNING' }).success).toBe(true);
    for (const key of Object.values(AUTHORIZE_REFUSALS)) expect(MESSAGES[key]).toBeDefined();
  });

  it('lets a swap event name its authorization and customer', () => {
    const event = {
      type: 'SWAP',
      eventId: 'e1',
      requestId,
      customer: 'C10001',
      batteryIn: null,
      batteryOut: { number: 'BJK000001', compartment: 3, soc: 97 },
      startedAt: ts,
      endedAt: ts,
      result: 'ABORTED',
    };
    expect(swapEvent.safeParse(event).success).toBe(true);
    expect(swapEvent.safeParse({ ...event, customer: 'x'.repeat(65) }).success).toBe(false);
  });
});
