import type { FastifyInstance } from 'fastify';
import { appointmentApi, swapApi } from '@swap/contracts';
import { serve } from '../../app/route.js';
import { deviceCsvColumns } from '../device-registry/index.js';
import { SWAP_CSV_FIELDS, swapList } from './swap.query.js';
import { APPOINTMENT_CSV_FIELDS, appointmentList } from './appointment.query.js';
import { addAppointment, cancelAppointment } from './appointment.service.js';

const SWAP_CSV = deviceCsvColumns(SWAP_CSV_FIELDS);
const APPOINTMENT_CSV = deviceCsvColumns(APPOINTMENT_CSV_FIELDS);

/** Swap records (/business/transfer/*) and reservations (/business/appointment/*). */
export function registerSwapRoutes(app: FastifyInstance): void {
  serve(app, swapApi.search, ({ input, ctx }) => swapList.search(ctx, input));
  serve(app, swapApi.detail, ({ input, ctx }) => swapList.detail(ctx, input.id));
  serve(app, swapApi.export, ({ input, ctx, reply }) =>
    swapList.sendExport(reply, ctx, input, { filename: 'swap-records.csv', columns: SWAP_CSV }),
  );

  serve(app, appointmentApi.search, ({ input, ctx }) => appointmentList.search(ctx, input));
  serve(app, appointmentApi.detail, ({ input, ctx }) => appointmentList.detail(ctx, input.id));
  serve(app, appointmentApi.add, ({ input, ctx }) => addAppointment(ctx, app.deviceHub, input));
  serve(app, appointmentApi.cancel, ({ input, ctx }) => cancelAppointment(ctx, app.deviceHub, input.id));
  serve(app, appointmentApi.export, ({ input, ctx, reply }) =>
    appointmentList.sendExport(reply, ctx, input, { filename: 'reservations.csv', columns: APPOINTMENT_CSV }),
  );
}
