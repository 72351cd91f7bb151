import type { FastifyInstance } from 'fastify';
import { deviceCredentialIssue, idQuery } from '@swap/contracts';
import { omsRoute } from '../../app/route.js';
import type { DeviceKindDef } from '../device/index.js';
import { BATTERY_KIND } from '../battery/index.js';
import { CABINET_KIND } from '../cabinet/index.js';
import { VEHICLE_KIND } from '../vehicle/index.js';
import { credentialStatus, issueDeviceSecret } from './device-credential.service.js';

/** Who may see a device's detail (and so its credential status), per kind. */
const DETAIL_CODE: Record<DeviceKindDef['kind'], string> = {
  vehicle: 'operation.vehicle.detail',
  battery: 'operation.battery.latestInfos',
  cabinet: 'operation.cabinet.latestInfos',
};

/** Device credentials of vehicles, batteries and cabinets registered in the back-office. */
export function registerDeviceCredentialRoutes(app: FastifyInstance): void {
  for (const def of [VEHICLE_KIND, BATTERY_KIND, CABINET_KIND]) {
    const base = `/${def.kind}/credential`;
    omsRoute(app, { method: 'GET', url: base, access: { code: DETAIL_CODE[def.kind] }, querystring: idQuery }, ({ query, ctx }) =>
      credentialStatus(ctx, def, query.id),
    );
    omsRoute(
      app,
      { method: 'POST', url: `${base}/issue`, access: { code: `operation.${def.kind}.credential` }, body: deviceCredentialIssue },
      ({ body, ctx, req }) => issueDeviceSecret(ctx, def, body.id, req.server.deviceHub),
    );
  }
}
