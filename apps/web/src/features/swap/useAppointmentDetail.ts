import { appointmentApi } from '@swap/contracts';
import { useEndpointMutation } from '../../shared/api/endpoints';
import { useDetail } from '../../shared/detail/useDetail';

/** One reservation for its detail page. */
export function useAppointmentDetail(id: string | undefined) {
  return useDetail(appointmentApi.detail, id);
}

/** Cancels a reservation; its detail and the reservation list refresh. */
export function useCancelAppointment(): (id: number) => Promise<unknown> {
  const cancel = useEndpointMutation(appointmentApi.cancel);
  return (id) => cancel({ id });
}
