import { inArray, type Column, type SQL } from 'drizzle-orm';
import { handOver } from '../../app/hand-over.js';

/**
 * The ids of the stations whose position lies inside an area's outline, as a subquery (the station
 * module's answer, named once by the module registry: the station module reads the device tables,
 * so the device modules do not import it back; docs/architecture.md, "Boundaries").
 */
export type StationsInArea = (areaId: number) => SQL;

const handed = handOver<StationsInArea>("The station module's stations inside an area");

/** Called once by the module registry with the station module's answer. */
export const tellStationsInArea = handed.tell;

/**
 * A device is in an area when the station it stands in or is distributed to lies inside the area's
 * outline (docs/stations-and-maps.md, "Devices by area"): the stations are tested against the outline
 * once per query, and the device's station index finds its rows. A device at no station is in no area.
 */
export function deviceInArea(stationId: Column, areaId: number): SQL {
  return inArray(stationId, handed.get()(areaId));
}
