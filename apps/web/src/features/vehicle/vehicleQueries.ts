import { vehicleApi, type SaleStatus } from '@swap/contracts';
import { request, useEndpointMutation } from '../../shared/api/endpoints';

/** Marks vehicles sold or unsold (the list's batch action refreshes its own page). */
export function setVehicleSale(ids: number[], saleStatus: SaleStatus) {
  return request(vehicleApi.sale, { ids, saleStatus });
}

/** The detail page's changes of one vehicle: sale status and bound batteries; each refreshes the vehicle. */
export function useVehicleChanges() {
  const sale = useEndpointMutation(vehicleApi.sale);
  const edit = useEndpointMutation(vehicleApi.edit);
  return { markSale: (id: number, saleStatus: SaleStatus) => sale({ ids: [id], saleStatus }), edit };
}
