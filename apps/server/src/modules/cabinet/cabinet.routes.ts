import type { FastifyInstance } from 'fastify';
import { cabinetApi, cabinetOptionsEndpoint } from '@swap/contracts';
import { cabinetOptions } from './cabinet.firmware.js';
import { serve } from '../../app/route.js';
import { fieldColumns } from '../../app/csv.js';
import { addDeviceBatch, checkDeviceBatch, deviceExport, scrapDevices } from '../device-registry/index.js';
import { CABINET_CSV_FIELDS, cabinetDetail, cabinetList } from './cabinet.query.js';
import { addCabinet, editCabinet } from './cabinet.service.js';
import { CABINET_KIND } from './cabinet.kind.js';

const CSV_COLUMNS = fieldColumns(CABINET_CSV_FIELDS);

/** Cabinets (Product centre → Cabinets, /product/cabinet/list). */
export function registerCabinetRoutes(app: FastifyInstance): void {
  const api = cabinetApi;
  serve(app, api.search, ({ input, ctx }) => cabinetList.search(ctx, input));
  serve(app, cabinetOptionsEndpoint, ({ input, ctx }) => cabinetOptions(ctx, input));
  serve(app, api.detail, ({ input, ctx }) => cabinetDetail(ctx, input.id));
  serve(app, api.add, ({ input, ctx }) => addCabinet(ctx, input));
  serve(app, api.edit, ({ input, ctx }) => editCabinet(ctx, input));
  serve(app, api.batchCheck, ({ input, ctx }) => checkDeviceBatch(ctx, CABINET_KIND, input));
  serve(app, api.batchAdd, ({ input, ctx }) => addDeviceBatch(ctx, CABINET_KIND, input));
  serve(app, api.scrap, ({ input, ctx }) => scrapDevices(ctx, CABINET_KIND, input));
  serve(app, api.export, ({ input, ctx, reply }) => cabinetList.sendExport(reply, ctx, input, deviceExport(ctx, 'cabinet', CSV_COLUMNS)));
}
