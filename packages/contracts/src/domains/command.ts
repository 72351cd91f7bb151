import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import { endpoint } from '../endpoint.js';
import { idParam, int32 } from '../validation.js';
import { COMMAND_STATUSES, COMPARTMENT_COMMANDS } from '../device-link/payloads.js';

/** Commands an operator sends from the cabinet page: every compartment command and a restart (firmware has its own screen). */
export const CABINET_COMMANDS = [...COMPARTMENT_COMMANDS, 'RESTART'] as const;
export type CabinetCommandName = (typeof CABINET_COMMANDS)[number];
/** Commands an operator sends from the battery page, to the compartment holding the battery. */
export const BATTERY_COMMANDS = [
  'BATTERY_LOCK',
  'BATTERY_UNLOCK',
  'CHARGE_ALLOW',
  'CHARGE_FORBID',
  'DISCHARGE_ALLOW',
  'DISCHARGE_FORBID',
] as const;
export type BatteryCommandName = (typeof BATTERY_COMMANDS)[number];

const compartmentIndex = int32(1, 64);

/** POST /cabinet/command/send: a compartment command names its compartment, a restart none. */
export const cabinetCommandSend = z
  .object({ cabinetId: idParam, name: z.enum(CABINET_COMMANDS), compartment: compartmentIndex.nullish() })
  .refine((c) => c.name === 'RESTART' || (c.compartment !== undefined && c.compartment !== null), {
    path: ['compartment'],
    message: 'validation.required',
  });
export type CabinetCommandSend = z.infer<typeof cabinetCommandSend>;

/** POST /battery/command/send: the command goes to the cabinet compartment holding the battery. */
export const batteryCommandSend = z.object({ batteryId: idParam, name: z.enum(BATTERY_COMMANDS) });

/** Where the battery page's commands go: the compartment holding the battery, and whether its cabinet is online. */
export const batteryPlaceQuery = z.object({ batteryId: idParam });
export const batteryPlace = z
  .object({
    cabinetId: z.number(),
    cabinetNumber: z.string(),
    compartment: z.number(),
    online: z.boolean(),
    lastReportAt: z.string().nullable(),
  })
  .nullable();
export type BatteryPlace = z.infer<typeof batteryPlace>;
export type BatteryPlaceQuery = z.infer<typeof batteryPlaceQuery>;
export type BatteryCommandSend = z.infer<typeof batteryCommandSend>;

/** One remote command and where its lifecycle stands. */
export const commandRecord = z.object({
  id: z.string(),
  cabinetId: z.number(),
  cabinetNumber: z.string(),
  batteryId: z.number().nullable(),
  batteryNumber: z.string().nullable(),
  name: z.string(),
  compartment: z.number().nullable(),
  status: z.enum(COMMAND_STATUSES),
  /** The device's failure code (FAILED), as in docs/device-protocol.md. */
  failureCode: z.string().nullable(),
  /** The outcome in the caller's language when it is not a success (device failure, timeout, refusal). */
  failureMessage: z.string().nullable(),
  detail: z.string().nullable(),
  issuedById: z.number().nullable(),
  issuedByName: z.string(),
  issuedAt: z.string(),
  sentAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type CommandRecord = z.infer<typeof commandRecord>;

const historyFilters = { status: z.enum(COMMAND_STATUSES).nullish(), name: z.enum(CABINET_COMMANDS).nullish() };
/** A cabinet's command history, newest first. */
export const cabinetCommandSearch = pageQuerySchema.extend({ cabinetId: idParam, ...historyFilters });
export type CabinetCommandSearch = z.infer<typeof cabinetCommandSearch>;
/** The commands sent from a battery's page, newest first. */
export const batteryCommandSearch = pageQuerySchema.extend({ batteryId: idParam, ...historyFilters });
export type BatteryCommandSearch = z.infer<typeof batteryCommandSearch>;

/**
 * Remote commands from the cabinet and battery detail pages, and their history. The paths sit
 * under /cabinet and /battery, so a command's resource is `/cabinet/command` or `/battery/command`.
 */
export const commandApi = {
  cabinetSend: endpoint({
    method: 'POST',
    path: '/cabinet/command/send',
    access: { code: 'operation.cabinet' },
    body: cabinetCommandSend,
    answer: commandRecord,
  }),
  batterySend: endpoint({
    method: 'POST',
    path: '/battery/command/send',
    access: { code: 'operation.battery' },
    body: batteryCommandSend,
    answer: commandRecord,
  }),
  /** The battery page asks before it offers commands: null when no cabinet holds the battery. */
  batteryPlace: endpoint({
    method: 'POST',
    path: '/battery/command/place',
    access: { code: 'operation.battery' },
    body: batteryPlaceQuery,
    answer: batteryPlace,
  }),
  cabinetSearch: endpoint({
    method: 'POST',
    path: '/cabinet/command/search',
    access: { code: 'operation.cabinet' },
    body: cabinetCommandSearch,
    answer: pageSchema(commandRecord),
  }),
  batterySearch: endpoint({
    method: 'POST',
    path: '/battery/command/search',
    access: { code: 'operation.battery' },
    body: batteryCommandSearch,
    answer: pageSchema(commandRecord),
  }),
  cabinetExport: endpoint({
    method: 'POST',
    path: '/cabinet/command/export',
    access: { code: 'operation.cabinet.export' },
    body: cabinetCommandSearch,
    answer: 'csv',
  }),
} as const;
