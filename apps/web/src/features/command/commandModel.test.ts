import { describe, expect, it } from 'vitest';
import { COMMAND_STATUSES } from '@swap/contracts';
import { COMMAND_STATUS_MAP, batteryCommands, compartmentCommands } from './commandModel';

describe('compartment commands', () => {
  it('offers each toggle the way it is not set, and battery commands only with a battery', () => {
    expect(compartmentCommands({ batteryLock: 'UNLOCKED', chargerSwitch: 'OFF', enabled: true, batteryNumber: null })).toEqual([
      'OPEN_DOOR',
      'CHARGER_ON',
      'COMPARTMENT_DISABLE',
    ]);
    expect(compartmentCommands({ batteryLock: 'LOCKED', chargerSwitch: 'ON', enabled: false, batteryNumber: 'B1' })).toEqual([
      'OPEN_DOOR',
      'CHARGER_OFF',
      'COMPARTMENT_ENABLE',
      'BATTERY_UNLOCK',
      'CHARGE_ALLOW',
      'CHARGE_FORBID',
      'DISCHARGE_ALLOW',
      'DISCHARGE_FORBID',
    ]);
  });

  it('offers a battery the switch it does not have yet', () => {
    expect(batteryCommands({ chargeSwitch: 'ALLOWED', dischargeSwitch: 'FORBIDDEN' })).toEqual([
      'BATTERY_LOCK',
      'BATTERY_UNLOCK',
      'CHARGE_FORBID',
      'DISCHARGE_ALLOW',
    ]);
  });

  it('gives every status a fixed meaning: success green, device failure red, no answer amber', () => {
    expect(Object.keys(COMMAND_STATUS_MAP)).toEqual([...COMMAND_STATUSES]);
    expect(COMMAND_STATUS_MAP.SUCCEEDED!.meaning).toBe('success');
    expect(COMMAND_STATUS_MAP.FAILED!.meaning).toBe('error');
    expect(COMMAND_STATUS_MAP.TIMEOUT!.meaning).toBe('warning');
  });
});
