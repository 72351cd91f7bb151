import type { StationType } from '@swap/contracts';
import { useEndpointQuery } from '../../shared/api/endpoints';
import type { SearchOption } from '../../shared/table';
import { stationView } from './stationModel';

/** Every area (for the filter and the outline of the one chosen), read under the station's own menu. */
export function useStationAreas(type: StationType) {
  return useEndpointQuery(stationView(type).api.areas, undefined, { staleTime: 60_000 });
}

export function areaOptions(areas: { id: number; name: string; code: string }[] | undefined): SearchOption[] {
  return (areas ?? []).map((area) => ({ value: area.id, label: `${area.name} (${area.code})` }));
}
