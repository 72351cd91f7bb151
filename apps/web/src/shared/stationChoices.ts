import { useMemo } from 'react';
import { STATION_OPTIONS, STATION_SCREENS, type StationOption, type StationType } from '@swap/contracts';
import { endpointSource, joinedSources } from './api/optionSources';
import { useCan } from './permissions';
import type { OptionSource } from './table/types';

/**
 * The stations of these types the caller may choose, searched on the server (docs/api.md, "Options
 * calls"), each labelled by `label` (the feature words the type, so its page loads those words):
 * only the types whose menu the caller holds; none: undefined. `merchantId` (platform staff): that
 * merchant's stations, 0 the platform's own; undefined: every station the caller sees.
 */
export function useStationSource(
  types: readonly StationType[],
  label: (station: StationOption) => string,
  merchantId?: number,
): OptionSource | undefined {
  const can = useCan();
  const held = types.filter((type) => can(STATION_SCREENS[type].code));
  const key = held.join(',');
  return useMemo(() => {
    if (held.length === 0) return undefined;
    const extra = merchantId === undefined ? {} : { merchantId };
    return joinedSources(
      held.map((type) => endpointSource(STATION_OPTIONS[type], (station) => ({ value: station.id, label: label(station) }), extra)),
    );
    // `held` is named by `key`; `label` words a row alike on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, merchantId]);
}
