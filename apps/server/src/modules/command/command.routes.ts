import type { FastifyInstance } from 'fastify';
import { batteryCommandSearch, batteryCommandSend, cabinetCommandSearch, cabinetCommandSend } from '@swap/contracts';
import { SENT, omsRoute } from '../../app/route.js';
import { sendCsv, toCsv } from '../../app/csv.js';
import { COMMAND_CSV_COLUMNS, exportCommands, searchCommands } from './command.query.js';
import { sendBatteryCommand, sendCabinetCommand } from './command.service.js';

export interface CommandOptions {
  commandTimeoutSeconds: number;
}

/** Remote commands from the cabinet and battery detail pages, and their history. */
export function registerCommandRoutes(app: FastifyInstance, options: CommandOptions): void {
  const deps = { hub: app.deviceHub, timeoutMs: options.commandTimeoutSeconds * 1000 };
  const tags = ['command'];
  omsRoute(
    app,
    { method: 'POST', url: '/cabinet/command/send', access: { code: 'operation.cabinet' }, body: cabinetCommandSend, tags },
    ({ body, ctx }) => sendCabinetCommand(ctx, deps, body),
  );
  omsRoute(
    app,
    { method: 'POST', url: '/battery/command/send', access: { code: 'operation.battery' }, body: batteryCommandSend, tags },
    ({ body, ctx }) => sendBatteryCommand(ctx, deps, body),
  );
  omsRoute(
    app,
    { method: 'POST', url: '/cabinet/command/search', access: { code: 'operation.cabinet' }, body: cabinetCommandSearch, tags },
    ({ body, ctx }) => searchCommands(ctx, body),
  );
  omsRoute(
    app,
    { method: 'POST', url: '/battery/command/search', access: { code: 'operation.battery' }, body: batteryCommandSearch, tags },
    ({ body, ctx }) => searchCommands(ctx, body),
  );
  omsRoute(
    app,
    { method: 'POST', url: '/cabinet/command/export', access: { code: 'operation.cabinet.export' }, body: cabinetCommandSearch, tags },
    async ({ body, ctx, reply }) => {
      sendCsv(reply, 'cabinet-commands.csv', toCsv(await exportCommands(ctx, body), COMMAND_CSV_COLUMNS, ctx.lang));
      return SENT;
    },
  );
}
