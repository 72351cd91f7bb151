import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  batteryTypeAdd,
  batteryTypeEdit,
  cabinetTypeAdd,
  cabinetTypeEdit,
  deviceTypeSearch,
  idQuery,
  vehicleTypeAdd,
  vehicleTypeEdit,
  type DeviceKind,
} from '@swap/contracts';
import { SENT, omsRoute } from '../../app/route.js';
import { sendCsv, toCsv, type CsvColumn } from '../../app/csv.js';
import { columnHeader } from '../../app/policy.js';
import {
  addType,
  editType,
  exportTypes,
  removeType,
  searchTypes,
  typeDetail,
  typeOptions,
  type TypeAdd,
  type TypeRecord,
} from './device-type.service.js';

const SCHEMAS = {
  battery: { add: batteryTypeAdd, edit: batteryTypeEdit },
  vehicle: { add: vehicleTypeAdd, edit: vehicleTypeEdit },
  cabinet: { add: cabinetTypeAdd, edit: cabinetTypeEdit },
} as const;

const SPEC_COLUMNS: Record<DeviceKind, string[]> = {
  battery: ['structure', 'ratedVoltage', 'ratedCapacity', 'ratedCurrent', 'cellCount', 'weight'],
  vehicle: ['batteryCompartments', 'compartmentType', 'ratedCapacity', 'ratedVoltage'],
  cabinet: ['compartmentCount', 'chargerTotalPower', 'externalMaxPower'],
};

function csvColumns(kind: DeviceKind): CsvColumn<Record<string, unknown>>[] {
  const fields = ['id', 'code', 'name', 'description', ...SPEC_COLUMNS[kind], 'inUse', 'createdAt'];
  return fields.map((field) => ({ header: columnHeader(field), value: (row) => row[field] as string | number | boolean | null }));
}

function registerKind(app: FastifyInstance, kind: DeviceKind): void {
  const base = `/${kind}-type`;
  const code = `type.${kind}`;
  // The kind picks its schema at run time; TypeScript cannot narrow the table by a generic key.
  const add = SCHEMAS[kind].add as unknown as z.ZodType<TypeAdd<DeviceKind>>;
  const edit = SCHEMAS[kind].edit as unknown as z.ZodType<TypeAdd<DeviceKind> & { id: number }>;
  omsRoute(app, { method: 'POST', url: `${base}/search`, access: { code }, body: deviceTypeSearch }, ({ body, ctx }) =>
    searchTypes(ctx, kind, body),
  );
  omsRoute(app, { method: 'GET', url: `${base}/detail`, access: { code }, querystring: idQuery }, ({ query, ctx }) =>
    typeDetail(ctx, kind, query.id),
  );
  // Device forms and filters of every product screen need the choices, so any signed-in account may read them.
  omsRoute(app, { method: 'GET', url: `${base}/options`, access: { code: '' } }, ({ ctx }) => typeOptions(ctx, kind));
  omsRoute(app, { method: 'POST', url: `${base}/add`, access: { code: `${code}.add`, scope: 'platform' }, body: add }, ({ body, ctx }) =>
    addType(ctx, kind, body),
  );
  omsRoute(app, { method: 'POST', url: `${base}/edit`, access: { code: `${code}.edit`, scope: 'platform' }, body: edit }, ({ body, ctx }) =>
    editType(ctx, kind, body),
  );
  omsRoute(
    app,
    { method: 'GET', url: `${base}/remove`, access: { code: `${code}.remove`, scope: 'platform' }, querystring: idQuery },
    ({ query, ctx }) => removeType(ctx, kind, query.id),
  );
  omsRoute(
    app,
    { method: 'POST', url: `${base}/export`, access: { code: `${code}.export` }, body: deviceTypeSearch },
    async ({ body, ctx, reply }) => {
      const rows: TypeRecord<DeviceKind>[] = await exportTypes(ctx, kind, body);
      sendCsv(reply, `${kind}-types.csv`, toCsv(rows as unknown as Record<string, unknown>[], csvColumns(kind), ctx.lang));
      return SENT;
    },
  );
}

/** Vehicle, battery and cabinet types (Product centre → Types). Platform-wide: merchants read, the platform writes. */
export function registerDeviceTypeRoutes(app: FastifyInstance): void {
  for (const kind of ['vehicle', 'battery', 'cabinet'] as const) registerKind(app, kind);
}
