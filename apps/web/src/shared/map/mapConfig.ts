import { useQuery } from '@tanstack/react-query';
import { sessionApi } from '@swap/contracts';
import { endpointKey, request } from '../api/endpoints';

/** The tile server of the maps (MAP_TILE_URL of the server, read from its public settings); null: none. */
export interface MapTiles {
  url: string | null;
  attribution: string | null;
}

/**
 * The server's map tile settings, from the public settings call the login page reads too (same
 * cache entry). Until they are known, and if they cannot be read, maps draw the outline base layer.
 */
export function useMapTiles(): { tiles: MapTiles; known: boolean } {
  const config = useQuery({
    queryKey: endpointKey(sessionApi.config),
    queryFn: ({ signal }) => request(sessionApi.config, undefined, { signal, quiet: () => true }),
    staleTime: Infinity,
    retry: false,
  });
  return {
    tiles: { url: config.data?.mapTileUrl ?? null, attribution: config.data?.mapTileAttribution ?? null },
    known: !config.isPending,
  };
}
