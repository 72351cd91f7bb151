import type { FastifyInstance } from 'fastify';
import { appointmentAdd, appointmentSearch, id, idQuery, swapSearch } from '@swap/contracts';
import { z } from 'zod';
import { SENT, omsRoute } from '../../app/route.js';
import { sendCsv, toCsv } from '../../app/csv.js';
import { deviceCsvColumns } from '../device/index.js';
import { SWAP_CSV_FIELDS, exportSwaps, searchSwaps, swapDetail } from './swap.query.js';
import { APPOINTMENT_CSV_FIELDS, appointmentDetail, exportAppointments, searchAppointments } from './appointment.query.js';
import { addAppointment, cancelAppointment } from './appointment.service.js';

const SWAP_CSV = deviceCsvColumns(SWAP_CSV_FIELDS);
const APPOINTMENT_CSV = deviceCsvColumns(APPOINTMENT_CSV_FIELDS);
const appointmentId = z.object({ id });

/** Swap records (/business/transfer/*) and reservations (/business/appointment/*). */
export function registerSwapRoutes(app: FastifyInstance): void {
  omsRoute(app, { method: 'POST', url: '/swap-record/search', access: { code: 'record.swap' }, body: swapSearch }, ({ body, ctx }) =>
    searchSwaps(ctx, body),
  );
  omsRoute(app, { method: 'GET', url: '/swap-record/detail', access: { code: 'record.swap' }, querystring: idQuery }, ({ query, ctx }) =>
    swapDetail(ctx, query.id),
  );
  omsRoute(
    app,
    { method: 'POST', url: '/swap-record/export', access: { code: 'record.swap.export' }, body: swapSearch },
    async ({ body, ctx, reply }) => {
      sendCsv(reply, 'swap-records.csv', toCsv(await exportSwaps(ctx, body), SWAP_CSV, ctx.lang));
      return SENT;
    },
  );

  omsRoute(
    app,
    { method: 'POST', url: '/appointment/search', access: { code: 'record.appointment' }, body: appointmentSearch },
    ({ body, ctx }) => searchAppointments(ctx, body),
  );
  omsRoute(
    app,
    { method: 'GET', url: '/appointment/detail', access: { code: 'record.appointment' }, querystring: idQuery },
    ({ query, ctx }) => appointmentDetail(ctx, query.id),
  );
  omsRoute(
    app,
    { method: 'POST', url: '/appointment/add', access: { code: 'record.appointment.add' }, body: appointmentAdd },
    ({ body, ctx }) => addAppointment(ctx, app.deviceHub, body),
  );
  omsRoute(
    app,
    { method: 'POST', url: '/appointment/cancel', access: { code: 'record.appointment.cancel' }, body: appointmentId },
    ({ body, ctx }) => cancelAppointment(ctx, app.deviceHub, body.id),
  );
  omsRoute(
    app,
    { method: 'POST', url: '/appointment/export', access: { code: 'record.appointment.export' }, body: appointmentSearch },
    async ({ body, ctx, reply }) => {
      sendCsv(reply, 'reservations.csv', toCsv(await exportAppointments(ctx, body), APPOINTMENT_CSV, ctx.lang));
      return SENT;
    },
  );
}
