import type { FastifyInstance } from 'fastify';
import { appointmentApi, swapApi, type AppointmentRecord } from '@swap/contracts';
import { serve } from '../../app/route.js';
import { fieldColumns } from '../../app/csv.js';
import { SWAP_CSV_FIELDS, swapList } from './swap.query.js';
import { APPOINTMENT_CSV_FIELDS, appointmentList } from './appointment.query.js';
import { addAppointment, cancelAppointment } from './appointment.service.js';

const SWAP_CSV = fieldColumns(SWAP_CSV_FIELDS);
const APPOINTMENT_CSV = fieldColumns<AppointmentRecord>(APPOINTMENT_CSV_FIELDS, { status: 'swap.appointmentStatus' });

/** Swap records (/business/transfer/*) and reservations (/business/appointment/*). */
export function registerSwapRoutes(app: FastifyInstance): void {
  serve(app, swapApi.search, ({ input, ctx }) => swapList().search(ctx, input));
  serve(app, swapApi.detail, ({ input, ctx }) => swapList().detail(ctx, input.id));
  serve(app, swapApi.export, ({ input, ctx, reply }) =>
    swapList().sendExport(reply, ctx, input, { filename: 'swap-records.csv', columns: SWAP_CSV }),
  );

  serve(app, appointmentApi.search, ({ input, ctx }) => appointmentList.search(ctx, input));
  serve(app, appointmentApi.detail, ({ input, ctx }) => appointmentList.detail(ctx, input.id));
  serve(app, appointmentApi.add, ({ input, ctx }) => addAppointment(ctx, app.deviceHub, input));
  serve(app, appointmentApi.cancel, ({ input, ctx }) => cancelAppointment(ctx, app.deviceHub, input.id));
  serve(app, appointmentApi.export, ({ input, ctx, reply }) =>
    appointmentList.sendExport(reply, ctx, input, { filename: 'reservations.csv', columns: APPOINTMENT_CSV }),
  );
}
