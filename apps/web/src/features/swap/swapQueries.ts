import { appointmentApi, type InputOf } from '@swap/contracts';
import { request, useEndpointMutation } from '../../shared/api/endpoints';

/** Cancel from the reservation list (the list reloads its page itself). */
export function cancelAppointment(id: number) {
  return request(appointmentApi.cancel, { id });
}

/** Reserve a compartment; the reservation list refreshes. */
export function useAddAppointment(): (body: InputOf<typeof appointmentApi.add>) => Promise<unknown> {
  return useEndpointMutation(appointmentApi.add);
}
