import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaOptionsEndpoint, batteryApi, cabinetApi, endpointUrl, vehicleApi } from '@swap/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  assignToStation,
  createDeviceTypes,
  createDevices,
  createProvinceAndCity,
  deviceCallers,
  type DeviceCallers,
} from '../../test/factories.js';

/** The device lists' area filter (docs/stations-and-maps.md, "Devices by area"). */
describe('devices filtered by area', () => {
  let server: TestServer;
  let who: DeviceCallers;
  let provinceId: number;
  let cityId: number;

  // Inside the city (and so the province), inside the province only, outside both.
  const IN_CITY = { latitude: -6.5, longitude: 106.3 };
  const IN_PROVINCE = { latitude: -6.1, longitude: 106.9 };
  const OUTSIDE = { latitude: -6.9, longitude: 107.6 };
  const APIS = { cabinet: cabinetApi, battery: batteryApi, vehicle: vehicleApi } as const;
  type Kind = keyof typeof APIS;

  const numbersIn = async (kind: Kind, token: string, filter: Record<string, unknown>) => {
    const answer = await server.call('POST', endpointUrl(APIS[kind].search), { token, body: filter });
    expect(answer.code).toBe(1);
    return (answer.data as { records: { number: string }[] }).records.map((r) => r.number).sort();
  };

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '0' });
    who = await deviceCallers(server);
    ({ provinceId, cityId } = await createProvinceAndCity(server, who.admin));
    const types = await createDeviceTypes(server, who.admin);
    const typeOf = { cabinet: types.cabinet, battery: types.battery, vehicle: types.vehicle1 };
    for (const kind of ['cabinet', 'battery', 'vehicle'] as const) {
      const prefix = `DA${kind[0]!.toUpperCase()}`;
      // Four of the merchant's (city, province, outside, at no station) and one of the rival's in the city.
      const own = await createDevices(server, who.admin, kind, 4, { typeId: typeOf[kind], prefix, merchantId: who.merchantId });
      const rival = await createDevices(server, who.admin, kind, 1, {
        typeId: typeOf[kind],
        prefix: `${prefix}R`,
        merchantId: who.rivalId,
      });
      await assignToStation(server, who.admin, kind, [own.numbers[0]!], who.merchantId, IN_CITY);
      await assignToStation(server, who.admin, kind, [own.numbers[1]!], who.merchantId, IN_PROVINCE);
      await assignToStation(server, who.admin, kind, [own.numbers[2]!], who.merchantId, OUTSIDE);
      await assignToStation(server, who.admin, kind, rival.numbers, who.rivalId, IN_CITY);
    }
  });
  afterAll(() => server.close());

  it.each(['cabinet', 'battery', 'vehicle'] as const)(
    'lists the %s at stations inside a city, and inside a province with its cities',
    async (kind) => {
      const p = `DA${kind[0]!.toUpperCase()}`;
      expect(await numbersIn(kind, who.merchant, { areaId: cityId })).toEqual([`${p}0001`]);
      expect(await numbersIn(kind, who.merchant, { areaId: provinceId })).toEqual([`${p}0001`, `${p}0002`]);
      // The platform sees every owner's devices in the area; the rival only its own.
      expect(await numbersIn(kind, who.admin, { areaId: cityId })).toEqual([`${p}0001`, `${p}R0001`]);
      expect(await numbersIn(kind, who.rival, { areaId: provinceId })).toEqual([`${p}R0001`]);
      // With the other filters, and without the filter every device again.
      expect(await numbersIn(kind, who.merchant, { areaId: provinceId, number: `${p}0002` })).toEqual([`${p}0002`]);
      expect(await numbersIn(kind, who.merchant, {})).toEqual([`${p}0001`, `${p}0002`, `${p}0003`, `${p}0004`]);
      expect(await numbersIn(kind, who.merchant, { areaId: null })).toHaveLength(4);
    },
  );

  it('answers an unknown area with no devices, and refuses an id that is no id in every language', async () => {
    expect(await numbersIn('cabinet', who.merchant, { areaId: 2_000_000_000 })).toEqual([]);
    for (const areaId of [0, -1, 1.5, 'x', '1\u0000', 2 ** 31, [cityId], { id: cityId }]) {
      const answer = await server.call('POST', endpointUrl(cabinetApi.search), { token: who.merchant, body: { areaId } });
      expect(answer.status, JSON.stringify(areaId)).toBe(400);
    }
    const zh = await server.call('POST', endpointUrl(batteryApi.search), { token: who.merchant, body: { areaId: 'x' }, lang: 'zh' });
    expect(zh.status).toBe(400);
    expect(zh.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('offers the areas to a holder of a device list, searched by part of the name', async () => {
    const options = (token: string, body: Record<string, unknown>) =>
      server.call('POST', endpointUrl(areaOptionsEndpoint), { token, body });
    const south = await options(who.rival, { keyword: 'sOuTh' });
    expect(south.data).toEqual([{ id: cityId, name: 'South Jakarta', province: 'Jakarta' }]);
    const named = await options(who.merchant, { keyword: 'nothing like it', ids: [provinceId, 2_000_000_000] });
    expect(named.data).toEqual([{ id: provinceId, name: 'Jakarta', province: null }]);
    expect((await options(who.merchant, { limit: 0 })).status).toBe(400);
    expect((await options(who.merchant, { keyword: 'a\u0000' })).status).toBe(400);
  });
});
