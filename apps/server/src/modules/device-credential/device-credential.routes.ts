import type { FastifyInstance } from 'fastify';
import { deviceCredentialApi } from '@swap/contracts';
import { serve } from '../../app/route.js';
import { BATTERY_KIND } from '../battery/index.js';
import { CABINET_KIND } from '../cabinet/index.js';
import { VEHICLE_KIND } from '../vehicle/index.js';
import { credentialStatus, issueDeviceSecret } from './device-credential.service.js';

/** Device credentials of vehicles, batteries and cabinets registered in the back-office. */
export function registerDeviceCredentialRoutes(app: FastifyInstance): void {
  for (const def of [VEHICLE_KIND, BATTERY_KIND, CABINET_KIND]) {
    const api = deviceCredentialApi[def.kind];
    serve(app, api.credential, ({ input, ctx }) => credentialStatus(ctx, def, input.id));
    serve(app, api.issue, ({ input, ctx, req }) => issueDeviceSecret(ctx, def, input.id, req.server.deviceHub));
  }
}
