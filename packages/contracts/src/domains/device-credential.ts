import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { id, idQuery } from '../validation.js';
import type { DeviceKind } from './device-type.js';

/** Whether a device has its own MQTT credentials, and since when the current secret is valid. */
export const deviceCredentialStatus = z.object({
  issued: z.boolean(),
  /** When the current secret was issued (ISO-8601 UTC); null when the device has none. */
  issuedAt: z.string().nullable(),
});
export type DeviceCredentialStatus = z.infer<typeof deviceCredentialStatus>;

/** A freshly issued secret: shown once, never stored in clear and never answered again. */
export const deviceSecretIssued = z.object({
  number: z.string(),
  /** MQTT username and client id of the device. */
  username: z.string(),
  secret: z.string(),
  issuedAt: z.string(),
});
export type DeviceSecretIssued = z.infer<typeof deviceSecretIssued>;

export const deviceCredentialIssue = z.object({ id: id });
export type DeviceCredentialIssue = z.infer<typeof deviceCredentialIssue>;

/** A kind's credential endpoints: the status is part of its detail page, issuing has its own permission. */
function credentialEndpoints<K extends DeviceKind>(kind: K, detailCode: string) {
  return {
    credential: endpoint({
      method: 'GET',
      path: `/${kind}/credential`,
      access: { code: detailCode },
      query: idQuery,
      answer: deviceCredentialStatus,
    }),
    issue: endpoint({
      method: 'POST',
      path: `/${kind}/credential/issue`,
      access: { code: `operation.${kind}.credential` },
      body: deviceCredentialIssue,
      answer: deviceSecretIssued,
    }),
  } as const;
}

/** Device credentials of vehicles, batteries and cabinets registered in the back-office, one group per kind. */
export const deviceCredentialApi = {
  vehicle: credentialEndpoints('vehicle', 'operation.vehicle.detail'),
  battery: credentialEndpoints('battery', 'operation.battery.latestInfos'),
  cabinet: credentialEndpoints('cabinet', 'operation.cabinet.latestInfos'),
} as const;
