import { describe, expect, it } from 'vitest';
import { gatewaySubscriptions } from './transport.js';

describe('the gateway’s subscriptions on an external broker', () => {
  it('reads telemetry and the control channels on separate connections', () => {
    expect(gatewaySubscriptions(undefined)).toEqual({
      telemetry: [
        'bss/v1/cabinet/+/telemetry',
        'bss/v1/battery/+/telemetry',
        'bss/v1/vehicle/+/telemetry',
        'bss/v1/battery/+/backlog',
        'bss/v1/vehicle/+/backlog',
      ],
      control: [
        'bss/v1/cabinet/+/state',
        'bss/v1/cabinet/+/cmd-result',
        'bss/v1/cabinet/+/fw-status',
        'bss/v1/cabinet/+/event',
        'bss/v1/cabinet/+/authorize',
      ],
    });
  });

  it('shares every channel in a group except the cabinets’ state and command results, which every server reads', () => {
    const { telemetry, control } = gatewaySubscriptions('swap');
    expect(telemetry).toEqual([
      '$share/swap/bss/v1/cabinet/+/telemetry',
      '$share/swap/bss/v1/battery/+/telemetry',
      '$share/swap/bss/v1/vehicle/+/telemetry',
      '$share/swap/bss/v1/battery/+/backlog',
      '$share/swap/bss/v1/vehicle/+/backlog',
    ]);
    expect(control).toEqual([
      'bss/v1/cabinet/+/state',
      'bss/v1/cabinet/+/cmd-result',
      // A firmware report updates one cabinet's upgrade row: one server of the group is enough.
      '$share/swap/bss/v1/cabinet/+/fw-status',
      '$share/swap/bss/v1/cabinet/+/event',
      '$share/swap/bss/v1/cabinet/+/authorize',
    ]);
  });
});
