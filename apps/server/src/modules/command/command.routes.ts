import type { FastifyInstance } from 'fastify';
import { commandApi } from '@swap/contracts';
import { serve } from '../../app/route.js';
import { COMMAND_CSV_COLUMNS, batteryCommandList, cabinetCommandList } from './command.query.js';
import { batteryPlaceOf, sendBatteryCommand, sendCabinetCommand } from './command.service.js';

export interface CommandOptions {
  commandTimeoutSeconds: number;
}

/** Remote commands from the cabinet and battery detail pages, and their history. */
export function registerCommandRoutes(app: FastifyInstance, options: CommandOptions): void {
  const deps = { hub: app.deviceHub, timeoutMs: options.commandTimeoutSeconds * 1000 };
  serve(app, commandApi.cabinetSend, ({ input, ctx }) => sendCabinetCommand(ctx, deps, input));
  serve(app, commandApi.batterySend, ({ input, ctx }) => sendBatteryCommand(ctx, deps, input));
  serve(app, commandApi.batteryPlace, ({ input, ctx }) => batteryPlaceOf(ctx, input));
  serve(app, commandApi.cabinetSearch, ({ input, ctx }) => cabinetCommandList.search(ctx, input));
  serve(app, commandApi.batterySearch, ({ input, ctx }) => batteryCommandList.search(ctx, input));
  serve(app, commandApi.cabinetExport, ({ input, ctx, reply }) =>
    cabinetCommandList.sendExport(reply, ctx, input, { filename: 'cabinet-commands.csv', columns: COMMAND_CSV_COLUMNS }),
  );
}
