import type { FastifyInstance } from 'fastify';
import { commandApi } from '@swap/contracts';
import { SENT, serve } from '../../app/route.js';
import { sendCsv, toCsv } from '../../app/csv.js';
import { COMMAND_CSV_COLUMNS, exportCommands, searchCommands } from './command.query.js';
import { sendBatteryCommand, sendCabinetCommand } from './command.service.js';

export interface CommandOptions {
  commandTimeoutSeconds: number;
}

/** Remote commands from the cabinet and battery detail pages, and their history. */
export function registerCommandRoutes(app: FastifyInstance, options: CommandOptions): void {
  const deps = { hub: app.deviceHub, timeoutMs: options.commandTimeoutSeconds * 1000 };
  serve(app, commandApi.cabinetSend, ({ input, ctx }) => sendCabinetCommand(ctx, deps, input));
  serve(app, commandApi.batterySend, ({ input, ctx }) => sendBatteryCommand(ctx, deps, input));
  serve(app, commandApi.cabinetSearch, ({ input, ctx }) => searchCommands(ctx, input));
  serve(app, commandApi.batterySearch, ({ input, ctx }) => searchCommands(ctx, input));
  serve(app, commandApi.cabinetExport, async ({ input, ctx, reply }) => {
    sendCsv(reply, 'cabinet-commands.csv', toCsv(await exportCommands(ctx, input), COMMAND_CSV_COLUMNS, ctx.lang));
    return SENT;
  });
}
