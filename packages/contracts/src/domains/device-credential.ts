import { z } from 'zod';
import { id } from '../validation.js';

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
