import { sql, type Column, type SQL } from 'drizzle-orm';
import type { StationType } from '@swap/contracts';
import { handOver } from '../../app/hand-over.js';

/**
 * What the cabinet module needs of stations (docs/stations-and-maps.md, "Cabinets in stations"),
 * named once by the module registry: the station module reads cabinets, so the cabinet module does
 * not import it back (docs/architecture.md, "Boundaries").
 */
export interface CabinetStations {
  /** The name of the station with this id, as a subquery of the caller's row (null without one). */
  nameOf: (stationId: Column) => SQL<string | null>;
  /** Its type, the same way. */
  typeOf: (stationId: Column) => SQL<StationType | null>;
}

const handed = handOver<CabinetStations>("The station module's names and types of the stations cabinets stand in");

/** Called once by the module registry with the station module's answers. */
export const placeCabinetsWith = handed.tell;

export const cabinetStations = handed.get;

/**
 * The station's name and type as expressions of a cabinet row, written into a query when it is sent
 * (the registry tells the hand-over after the lists are declared): a list page reads them in its own
 * statement, an export from stored rows as well.
 */
export const stationNameOf = (stationId: Column): SQL<string | null> => sql`${{ getSQL: () => cabinetStations().nameOf(stationId) }}`;
export const stationTypeOf = (stationId: Column): SQL<StationType | null> => sql`${{ getSQL: () => cabinetStations().typeOf(stationId) }}`;
