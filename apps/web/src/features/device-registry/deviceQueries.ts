import { deviceCredentialApi, type AnswerOf, type DeviceKind, type InputOf } from '@swap/contracts';
import { endpointKey, request, useEndpointMutation, useEndpointQuery } from '../../shared/api/endpoints';
import { DEVICE_APIS, type DeviceApi } from '../../shared/devices';

/**
 * The device screens' reads and changes, through each kind's declared endpoints: the forms and
 * cards call these, never the HTTP client. A change refreshes the kind's lists and details.
 */

/** Add, edit and scrap of one kind; each resolves the server's answer once the kind's cached answers are stale. */
export function useDeviceChanges(kind: DeviceKind) {
  const api: DeviceApi = DEVICE_APIS[kind];
  const add = useEndpointMutation<DeviceApi['add']>(api.add);
  const edit = useEndpointMutation<DeviceApi['edit']>(api.edit);
  const scrap = useEndpointMutation<DeviceApi['scrap']>(api.scrap);
  const batchAdd = useEndpointMutation<DeviceApi['batchAdd']>(api.batchAdd);
  // The forms parse the body with the kind's own schema; the union of the kinds' inputs is what they hand over.
  return {
    add: (body: unknown) => add(body as InputOf<DeviceApi['add']>),
    edit: (body: unknown) => edit(body as InputOf<DeviceApi['edit']>),
    scrap: (body: InputOf<DeviceApi['scrap']>) => scrap(body),
    /** Which numbers of a batch are new, taken or invalid; changes nothing. */
    batchCheck: (body: InputOf<DeviceApi['batchCheck']>) => request(api.batchCheck, body),
    batchAdd: (body: InputOf<DeviceApi['batchAdd']>) => batchAdd(body),
  };
}

/** The edit form's load of one device: its detail, turned into form values by the kind's form. */
export function deviceFormLoad(kind: DeviceKind, id: number, toValues: (record: AnswerOf<DeviceApi['detail']>) => Record<string, unknown>) {
  const detail = DEVICE_APIS[kind].detail;
  return { queryKey: endpointKey(detail, { id }), queryFn: async () => toValues(await request(detail, { id })) };
}

/** A device's own MQTT credentials: whether it has a secret and since when, and issuing a new one. */
export function useDeviceCredential(kind: DeviceKind, id: number) {
  const api = deviceCredentialApi[kind];
  const status = useEndpointQuery(api.credential, { id });
  // The status lives under the device's resource (/<kind>), the issue call under /<kind>/credential.
  const issue = useEndpointMutation(api.issue, [api.credential]);
  return { status, issue: () => issue({ id }) };
}
