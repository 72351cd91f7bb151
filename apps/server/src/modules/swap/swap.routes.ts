import type { FastifyInstance } from 'fastify';
import { appointmentApi, swapApi } from '@swap/contracts';
import { SENT, serve } from '../../app/route.js';
import { sendCsv, toCsv } from '../../app/csv.js';
import { deviceCsvColumns } from '../device/index.js';
import { SWAP_CSV_FIELDS, exportSwaps, searchSwaps, swapDetail } from './swap.query.js';
import { APPOINTMENT_CSV_FIELDS, appointmentDetail, exportAppointments, searchAppointments } from './appointment.query.js';
import { addAppointment, cancelAppointment } from './appointment.service.js';

const SWAP_CSV = deviceCsvColumns(SWAP_CSV_FIELDS);
const APPOINTMENT_CSV = deviceCsvColumns(APPOINTMENT_CSV_FIELDS);

/** Swap records (/business/transfer/*) and reservations (/business/appointment/*). */
export function registerSwapRoutes(app: FastifyInstance): void {
  serve(app, swapApi.search, ({ input, ctx }) => searchSwaps(ctx, input));
  serve(app, swapApi.detail, ({ input, ctx }) => swapDetail(ctx, input.id));
  serve(app, swapApi.export, async ({ input, ctx, reply }) => {
    sendCsv(reply, 'swap-records.csv', toCsv(await exportSwaps(ctx, input), SWAP_CSV, ctx.lang));
    return SENT;
  });

  serve(app, appointmentApi.search, ({ input, ctx }) => searchAppointments(ctx, input));
  serve(app, appointmentApi.detail, ({ input, ctx }) => appointmentDetail(ctx, input.id));
  serve(app, appointmentApi.add, ({ input, ctx }) => addAppointment(ctx, app.deviceHub, input));
  serve(app, appointmentApi.cancel, ({ input, ctx }) => cancelAppointment(ctx, app.deviceHub, input.id));
  serve(app, appointmentApi.export, async ({ input, ctx, reply }) => {
    sendCsv(reply, 'reservations.csv', toCsv(await exportAppointments(ctx, input), APPOINTMENT_CSV, ctx.lang));
    return SENT;
  });
}
