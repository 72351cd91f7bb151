import type { StationType } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { handOver } from '../../app/hand-over.js';

/** A cabinet about to join a station it does not stand in yet: the station asked for and the cabinet's owner. */
export interface StationRequest {
  stationId: number;
  ownerId: number | null;
}

/**
 * What the cabinet module needs of stations (docs/stations-and-maps.md, "Cabinets in stations"),
 * named once by the module registry: the station module reads cabinets, so the cabinet module does
 * not import it back (docs/architecture.md, "Boundaries").
 */
export interface CabinetStations {
  /** Locks the station for the rest of the caller's transaction and refuses a cabinet it may not take. */
  admit: (tx: Db, ctx: Ctx, request: StationRequest) => Promise<void>;
  /** The names and types of these stations. */
  describe: (db: Db, ids: number[]) => Promise<Map<number, { name: string; type: StationType }>>;
}

const handed = handOver<CabinetStations>("The station module's placement of cabinets");

/** Called once by the module registry with the station module's answers. */
export const placeCabinetsWith = handed.tell;

export const cabinetStations = handed.get;
