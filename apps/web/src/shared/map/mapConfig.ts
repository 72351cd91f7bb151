import { usePublicSettings } from '../publicSettings';

/** The tile server of the maps (MAP_TILE_URL of the server, read from its public settings); null: none. */
export interface MapTiles {
  url: string | null;
  attribution: string | null;
}

/**
 * The server's map tile settings, from its public settings. Until they are known, and if they cannot be read, maps draw the outline base layer.
 */
export function useMapTiles(): { tiles: MapTiles; known: boolean } {
  const config = usePublicSettings();
  return {
    tiles: { url: config.data?.mapTileUrl ?? null, attribution: config.data?.mapTileAttribution ?? null },
    known: !config.isPending,
  };
}
