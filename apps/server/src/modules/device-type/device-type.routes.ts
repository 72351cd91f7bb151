import type { FastifyInstance } from 'fastify';
import { deviceTypeApi, type DeviceKind, type HandlerAnswerOf } from '@swap/contracts';
import { SENT, serve } from '../../app/route.js';
import { fieldColumns, sendCsv, toCsv, type CsvColumn } from '../../app/csv.js';
import {
  addType,
  editType,
  exportTypes,
  removeType,
  searchTypes,
  typeDetail,
  typeOptions,
  type TypeRecord,
} from './device-type.service.js';

/** Any kind's group: the handlers are the same for every kind, the schemas differ. */
type TypeGroup = (typeof deviceTypeApi)[DeviceKind];
const SPEC_COLUMNS: Record<DeviceKind, string[]> = {
  battery: ['structure', 'ratedVoltage', 'ratedCapacity', 'ratedCurrent', 'cellCount', 'weight'],
  vehicle: ['batteryCompartments', 'compartmentType', 'ratedCapacity', 'ratedVoltage'],
  cabinet: ['compartmentCount', 'chargerTotalPower', 'externalMaxPower'],
};

function csvColumns(kind: DeviceKind): CsvColumn<Record<string, unknown>>[] {
  const fields = ['id', 'code', 'name', 'description', ...SPEC_COLUMNS[kind], 'inUse', 'createdAt'];
  return fieldColumns(fields);
}

function registerKind(app: FastifyInstance, kind: DeviceKind): void {
  const api: TypeGroup = deviceTypeApi[kind];
  // A page of any kind's records is a page of that kind's: the kind is chosen at run time.
  serve(app, api.search, async ({ input, ctx }) => (await searchTypes(ctx, kind, input)) as HandlerAnswerOf<TypeGroup['search']>);
  serve(app, api.detail, ({ input, ctx }) => typeDetail(ctx, kind, input.id));
  serve(app, api.options, ({ ctx }) => typeOptions(ctx, kind));
  serve(app, api.add, ({ input, ctx }) => addType(ctx, kind, input));
  serve(app, api.edit, ({ input, ctx }) => editType(ctx, kind, input));
  serve(app, api.remove, ({ input, ctx }) => removeType(ctx, kind, input.id));
  serve(app, api.export, async ({ input, ctx, reply }) => {
    const rows: TypeRecord<DeviceKind>[] = await exportTypes(ctx, kind, input);
    sendCsv(reply, `${kind}-types.csv`, toCsv(rows as unknown as Record<string, unknown>[], csvColumns(kind), ctx));
    return SENT;
  });
}

/** Vehicle, battery and cabinet types (Product centre → Types). Platform-wide: merchants read, the platform writes. */
export function registerDeviceTypeRoutes(app: FastifyInstance): void {
  for (const kind of ['vehicle', 'battery', 'cabinet'] as const) registerKind(app, kind);
}
