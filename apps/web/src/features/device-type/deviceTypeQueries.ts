import { deviceTypeApi, type DeviceKind, type InputOf } from '@swap/contracts';
import { request } from '../../shared/api/endpoints';

type TypeApi = (typeof deviceTypeApi)[DeviceKind];

/** A kind's type changes through its declared endpoints; the list reloads itself. */
export function typeChanges(kind: DeviceKind) {
  const api: TypeApi = deviceTypeApi[kind];
  return {
    // The form parsed the body with this kind's own schema (TYPE_KINDS), which the model types loosely.
    add: (body: unknown) => request(api.add, body as InputOf<TypeApi['add']>),
    edit: (body: unknown) => request(api.edit, body as InputOf<TypeApi['edit']>),
    remove: (id: number) => request(api.remove, { id }),
  };
}
