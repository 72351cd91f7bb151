import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentApi,
  batteryApi,
  cabinetApi,
  endpointUrl,
  merchantApi,
  MESSAGES,
  swapApi,
  vehicleApi,
  type MessageKey,
} from '@swap/contracts';
import { appointments, swapRecords } from '../modules/swap/swap.table.js';
import { startTestServer, type TestServer } from './harness.js';
import { deviceCallers, createDeviceTypes, type DeviceCallers } from './factories.js';

/** Larger than any id this database hands out, still a valid id. */
const MISSING_ID = 2_000_000_000;

/**
 * Every detail page's read answers its documented not-found error (HTTP 404 and the resource's
 * code, in the caller's language) for an id that does not exist and for another tenant's record,
 * which the web shows as "does not exist" rather than as a failure to retry (docs/web-kits.md).
 */
describe('detail endpoints: a missing id and another tenant’s record answer not found', () => {
  let server: TestServer;
  let who: DeviceCallers;
  /** Records of the second merchant, which the first merchant's staff must not see. */
  const siam: Record<'battery' | 'cabinet' | 'vehicle' | 'swap' | 'appointment', number> = {
    battery: 0,
    cabinet: 0,
    vehicle: 0,
    swap: 0,
    appointment: 0,
  };

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    who = await deviceCallers(server);
    const types = await createDeviceTypes(server, who.admin);
    const owned = { merchantId: who.rivalId };
    const added = async (answer: Promise<{ code: number; message: string; data: { id: number } }>) => {
      const { code, message, data } = await answer;
      if (code !== 1) throw new Error(message);
      return data.id;
    };
    const as = { token: who.admin };
    siam.battery = await added(server.request(batteryApi.add, { number: 'BNF000001', typeId: types.battery, ...owned }, as));
    siam.cabinet = await added(server.request(cabinetApi.add, { number: 'CNF0001', typeId: types.cabinet, ...owned }, as));
    siam.vehicle = await added(server.request(vehicleApi.add, { number: 'VNF0001', typeId: types.vehicle1, ...owned }, as));
    // A swap and a reservation at Siam's cabinet, as the device link records them.
    const now = new Date();
    const [swap] = await server.db
      .insert(swapRecords)
      .values({ cabinetId: siam.cabinet, eventId: 'nf-1', startedAt: now, endedAt: now, result: 'SUCCEEDED', merchantId: who.rivalId })
      .returning({ id: swapRecords.id });
    siam.swap = swap!.id;
    const [appointment] = await server.db
      .insert(appointments)
      .values({
        cabinetId: siam.cabinet,
        compartment: 1,
        customer: 'C-NF',
        expiresAt: new Date(now.getTime() + 600_000),
        merchantId: who.rivalId,
      })
      .returning({ id: appointments.id });
    siam.appointment = appointment!.id;
  });

  afterAll(async () => {
    await server?.close();
  });

  const cases: { name: string; endpoint: { path: string; method: 'GET' }; missing: MessageKey; foreign: () => number }[] = [
    { name: 'battery', endpoint: batteryApi.detail, missing: 'batteryMissing', foreign: () => siam.battery },
    { name: 'cabinet', endpoint: cabinetApi.detail, missing: 'cabinetMissing', foreign: () => siam.cabinet },
    { name: 'vehicle', endpoint: vehicleApi.detail, missing: 'vehicleMissing', foreign: () => siam.vehicle },
    { name: 'merchant', endpoint: merchantApi.detail, missing: 'recordNotFound', foreign: () => who.rivalId },
    { name: 'swap record', endpoint: swapApi.detail, missing: 'swapMissing', foreign: () => siam.swap },
    { name: 'reservation', endpoint: appointmentApi.detail, missing: 'appointmentMissing', foreign: () => siam.appointment },
  ];

  const read = (endpoint: { path: string; method: 'GET' }, token: string, id: number, lang: 'en' | 'in' = 'en') =>
    server.call(endpoint.method, endpointUrl(endpoint), { token, query: { id: String(id) }, lang });

  for (const { name, endpoint, missing, foreign } of cases) {
    it(`${name}: the platform reads it; a missing id answers ${MESSAGES[missing].code}`, async () => {
      // The record exists: the platform sees it, so the answers below are about who asks.
      expect((await read(endpoint, who.admin, foreign())).code).toBe(1);
      const answer = await read(endpoint, who.admin, MISSING_ID, 'in');
      expect(answer).toMatchObject({ status: 404, code: MESSAGES[missing].code, message: MESSAGES[missing].text.in, data: null });
    });

    it(`${name}: another merchant's record answers as if it did not exist`, async () => {
      const answer = await read(endpoint, who.merchant, foreign());
      expect(answer).toMatchObject({ status: 404, code: MESSAGES[missing].code, message: MESSAGES[missing].text.en });
      // The same words as for an id that never existed: nothing tells the two apart.
      const never = await read(endpoint, who.merchant, MISSING_ID);
      expect({ status: never.status, code: never.code, message: never.message }).toEqual({
        status: answer.status,
        code: answer.code,
        message: answer.message,
      });
    });
  }
});
