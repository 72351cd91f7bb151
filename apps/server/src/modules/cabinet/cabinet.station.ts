import type { StationType } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { handOver } from '../../app/hand-over.js';

/**
 * What the cabinet module needs of stations (docs/stations-and-maps.md, "Cabinets in stations"),
 * named once by the module registry: the station module reads cabinets, so the cabinet module does
 * not import it back (docs/architecture.md, "Boundaries").
 */
export interface CabinetStations {
  /** The names and types of these stations. */
  describe: (db: Db, ids: number[]) => Promise<Map<number, { name: string; type: StationType }>>;
}

const handed = handOver<CabinetStations>("The station module's names and types of the stations cabinets stand in");

/** Called once by the module registry with the station module's answers. */
export const placeCabinetsWith = handed.tell;

export const cabinetStations = handed.get;
