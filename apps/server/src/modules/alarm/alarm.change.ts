import { BUSINESS_SUBJECT_OF, type AlarmDeviceKind, type AlarmKind, type BusinessCondition } from '@swap/contracts';

/**
 * An alarm that opened, cleared or changed, for the screens that count alarms (the dashboard's
 * figures and fleet map, docs/dashboard.md "Live", the header's bell): a device's, or a station's
 * business alarm (`number`: the station's id).
 */
export interface AlarmChange {
  kind: AlarmDeviceKind | 'station';
  number: string;
  merchantId: number | null;
}
export type AnnounceAlarm = (change: AlarmChange) => void;

/** An alarm row's change, told on its subject: a device by its number, a business alarm's station by its id. */
export function changeOf(row: {
  kind: AlarmKind;
  parameter: string;
  deviceId: number;
  number: string;
  merchantId: number | null;
}): AlarmChange {
  if (row.kind !== 'business') return { kind: row.kind, number: row.number, merchantId: row.merchantId };
  return BUSINESS_SUBJECT_OF[row.parameter as BusinessCondition] === 'station'
    ? { kind: 'station', number: String(row.deviceId), merchantId: row.merchantId }
    : { kind: 'cabinet', number: row.number, merchantId: row.merchantId };
}

/**
 * The alarms a request's rule change cleared or reworded inside its transaction, kept until the
 * change committed and then announced (docs/alarms.md, "Rules"). A change rolled back announces nothing.
 */
const settled = new WeakMap<object, AlarmChange[]>();

/** Keeps alarms a request's rule change settled, to be announced once it committed. */
export function noteSettled(request: object, changes: readonly AlarmChange[]): void {
  if (changes.length > 0) settled.set(request, [...(settled.get(request) ?? []), ...changes]);
}

/** Announces, once committed, the alarms the request's rule change settled (once per subject). */
export function announceSettled(request: object, announce: AnnounceAlarm | undefined): void {
  const told = new Set<string>();
  for (const change of settled.get(request) ?? []) {
    const key = `${change.kind}/${change.number}`;
    if (told.has(key)) continue;
    told.add(key);
    announce?.(change);
  }
  settled.delete(request);
}
