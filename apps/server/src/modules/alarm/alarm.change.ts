import type { AlarmDeviceKind } from '@swap/contracts';

/**
 * An alarm that opened or cleared, for the screens that count alarms (the dashboard's figures and
 * fleet map, docs/dashboard.md "Live"): a device's, or a station's business alarm (`number`: the
 * station's id).
 */
export interface AlarmChange {
  kind: AlarmDeviceKind | 'station';
  number: string;
  merchantId: number | null;
}
export type AnnounceAlarm = (change: AlarmChange) => void;
