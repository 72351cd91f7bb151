import type { DeviceFailureCode } from '@swap/contracts';

/**
 * The device failures a swap can end with, by the step it fails at (docs/device-protocol.md):
 * - `RETURN`: opening the empty compartment for the rider's pack, or sensing the pack in it. The
 *   cabinet opens again, the rider takes the pack back: nothing moved.
 * - `HANDOUT`: the rider's pack is in and locked, but the full pack is not released. The returned
 *   pack stays in its compartment (unidentified after a battery-ID read failure); the rider leaves
 *   without a pack.
 */
export const SWAP_FAILURE_STEPS = {
  DOOR_FAILURE: 'RETURN',
  OPEN_DOOR_FAILURE: 'RETURN',
  READ_DOOR_STATUS_FAILURE: 'RETURN',
  BATTERY_DETECT_FAILURE: 'RETURN',
  READ_BATTERY_ID_FAILURE: 'HANDOUT',
  IN_PLACE_MISMATCH: 'HANDOUT',
  SET_BMS_STATE_FAILURE: 'HANDOUT',
  SET_TAKEAWAY_FAILURE: 'HANDOUT',
} as const satisfies Partial<Record<DeviceFailureCode, 'RETURN' | 'HANDOUT'>>;
export type SwapFailureCode = keyof typeof SWAP_FAILURE_STEPS;
export const SWAP_FAILURE_CODES = Object.keys(SWAP_FAILURE_STEPS) as SwapFailureCode[];

export type SwapFailureRates = Partial<Record<SwapFailureCode, number>>;

/** Decides whether a cabinet's next swap fails: queued failures first (tests), then the rates. */
export class SwapFaults {
  private readonly queued: SwapFailureCode[] = [];

  constructor(
    readonly rates: SwapFailureRates,
    private readonly random: () => number,
  ) {}

  /** The next swap fails with this code; several calls queue several failures. */
  failNext(code: SwapFailureCode): void {
    this.queued.push(code);
  }

  /** The failure of the swap now running, if any (called once per authorized swap). */
  next(): SwapFailureCode | undefined {
    const queued = this.queued.shift();
    if (queued) return queued;
    for (const code of SWAP_FAILURE_CODES) {
      const rate = this.rates[code] ?? 0;
      if (rate > 0 && this.random() < rate) return code;
    }
    return undefined;
  }
}

/** Parses `CODE=rate,CODE=rate` (the simulator's --swap-failures). */
export function parseSwapFailureRates(text: string): SwapFailureRates {
  const rates: SwapFailureRates = {};
  for (const part of text.split(',').filter(Boolean)) {
    const [code, raw] = part.split('=');
    const rate = Number(raw);
    if (!code || !(SWAP_FAILURE_CODES as string[]).includes(code) || raw === undefined || !Number.isFinite(rate) || rate < 0 || rate > 1)
      throw new Error(`--swap-failures: ${part} is not CODE=rate (rate 0-1; codes: ${SWAP_FAILURE_CODES.join(', ')})`);
    rates[code as SwapFailureCode] = rate;
  }
  return rates;
}
