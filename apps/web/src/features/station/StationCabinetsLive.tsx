import { cabinetApi, liveApi } from '@swap/contracts';
import { LiveIndicator } from '../../shared/detail/LiveIndicator';
import { useLiveRecord } from '../../shared/detail/useLiveRecord';
import { endpointKey } from '../../shared/api/endpoints';

/**
 * Follows the cabinets standing in a station (`GET /cabinet/live/station?id=`): each report of one
 * reloads the station's cabinet rows; shows the stream's status. Loaded after the rows, so the
 * stream's code stays out of the page's chunk (docs/stations-and-maps.md, "Screens").
 */
export default function StationCabinetsLive({ stationId }: { stationId: number }) {
  const status = useLiveRecord(liveApi.stationCabinets.live, endpointKey(cabinetApi.search), String(stationId));
  return <LiveIndicator status={status} />;
}
