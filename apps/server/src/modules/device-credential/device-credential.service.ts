import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DeviceCredentialStatus, DeviceSecretIssued } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import type { DeviceHub } from '../../app/device-hub.js';
import { DEVICE_CREDENTIAL_CHANNEL, setDeviceSecret } from './device-credential.secret.js';
import { deviceCredentials } from './device-credential.table.js';
import { recordAudit } from '../audit-log/index.js';
import { lockDevices, refuseScrapped, type DeviceKindDef } from '../device-registry/index.js';

/** 32 random bytes, base64url: 43 characters a device keeps in its configuration. */
const newSecret = () => randomBytes(32).toString('base64url');

/** GET /<kind>/credential: whether the device has its own secret and since when; the secret is never answered. */
export async function credentialStatus(ctx: Ctx, def: DeviceKindDef, id: number): Promise<DeviceCredentialStatus> {
  const [device] = await def.findDevices(ctx.db, ctx, { ids: [id], numbers: [] }, false);
  if (!device) throw new AppError(def.missing);
  const [credential] = await ctx.db
    .select({ issuedAt: deviceCredentials.updatedAt })
    .from(deviceCredentials)
    .where(and(eq(deviceCredentials.number, device.number), eq(deviceCredentials.kind, def.kind)));
  return { issued: !!credential, issuedAt: credential?.issuedAt.toISOString() ?? null };
}

/**
 * POST /<kind>/credential/issue: a new random secret for the device, stored only as a hash and
 * answered once. It replaces any previous secret; the device's current broker session is closed
 * so it must sign in again with the new one. A scrapped device gets none.
 */
export async function issueDeviceSecret(ctx: Ctx, def: DeviceKindDef, id: number, hub: DeviceHub): Promise<DeviceSecretIssued> {
  const secret = newSecret();
  const issued = await ctx.db.transaction(async (tx) => {
    const [device] = await lockDevices(tx, ctx, def, { ids: [id] });
    refuseScrapped([device!]);
    const [before] = await tx
      .select({ id: deviceCredentials.id })
      .from(deviceCredentials)
      .where(eq(deviceCredentials.number, device!.number));
    const issuedAt = await setDeviceSecret(tx, { kind: def.kind, number: device!.number }, secret);
    await recordAudit(tx, ctx, {
      action: `${def.kind}.credential.issue`,
      objectType: def.kind,
      objectId: id,
      changes: { number: device!.number, replaced: !!before },
    });
    return { number: device!.number, issuedAt };
  });
  hub.emitChange({ kind: def.kind, number: issued.number, channel: DEVICE_CREDENTIAL_CHANNEL });
  return { number: issued.number, username: issued.number, secret, issuedAt: issued.issuedAt.toISOString() };
}
