import { distributionApi, type DeviceKind, type DistributionBatch } from '@swap/contracts';
import { request } from '../../shared/api/endpoints';

/** Every number of the batch as the distribution would decide it (writes nothing). */
export function checkDistribution(kind: DeviceKind, body: DistributionBatch) {
  return request(distributionApi[kind].check, body);
}

/** Distributes the batch, all or nothing. */
export function distributeDevices(kind: DeviceKind, body: DistributionBatch) {
  return request(distributionApi[kind].distribute, body);
}
