import {
  accountApi,
  areaApi,
  basePriceApi,
  productOrderApi,
  productPackageApi,
  currencyApi,
  batteryApi,
  customerApi,
  cabinetApi,
  deviceCredentialApi,
  deviceTypeApi,
  merchantApi,
  roleApi,
  sessionApi,
  signUpApi,
  endpointUrl,
  vehicleApi,
  type BasePriceAdd,
  type Currency,
} from '@swap/contracts';
import { DEVICE_TYPE_SAMPLES, FACTORY_PASSWORD, MERCHANT_ADMIN_MENUS, grantsIn } from '@swap/contracts/testing';
import { inject } from 'vitest';
import { apiRequest, apiToken } from './api.js';

/**
 * Browser specs' own data, made through the product's API by the platform administrator the way
 * the server tests' factories make it (docs/testing.md): a spec signs in as an account it made and
 * names, never as a demo account, so it says what it depends on and a change of the demo leaves it
 * alone. Every call fails the spec at once with the server's message when the product refuses it.
 */

export { FACTORY_PASSWORD, MERCHANT_ADMIN_MENUS };

const run = Date.now().toString(36).slice(-5);
let made = 0;
/** A name no other factory call of this run has used: `prefix`, the run's stamp and a counter (at most 20 characters for short prefixes). */
export function unique(prefix: string): string {
  made += 1;
  return `${prefix}${run}${made}`;
}

/** A signed-in account made by a factory (password FACTORY_PASSWORD), for `Shell.signIn(username, password)`. */
export interface Account {
  id: number;
  username: string;
  name: string;
  password: string;
  token: string;
}

/** A role granting the menus (with their buttons and links), of the caller's tenant or of `merchantId` when the platform makes it. */
export async function createRole(token: string, menuCodes: readonly string[], merchantId?: number) {
  return apiRequest(token, roleApi.add, {
    name: unique('Role '),
    description: 'made by a browser spec',
    ...grantsIn(await apiRequest(token, roleApi.grantable, undefined), menuCodes),
    ...(merchantId !== undefined ? { merchantId } : {}),
  });
}

/** An account made by `token`'s account with those roles, signed in through the API. */
async function createAccount(
  token: string,
  options: { type: 'NORMAL' | 'SON'; roleIds: number[]; prefix: string; merchantId?: number; platform?: true },
): Promise<Account> {
  const username = unique(options.prefix);
  const name = username.replace(/\./g, ' ');
  const account = await apiRequest(token, accountApi.add, {
    username,
    name,
    password: FACTORY_PASSWORD,
    type: options.type,
    roleIds: options.roleIds,
    ...(options.merchantId !== undefined ? { merchantId: options.merchantId } : {}),
    ...(options.platform ? { accountType: 'PLATFORM' as const } : {}),
  });
  const signedIn = await apiRequest(null, sessionApi.signIn, { username, password: FACTORY_PASSWORD });
  return { id: account.id, username, name, password: FACTORY_PASSWORD, token: signedIn.token };
}

/** A merchant with its administrator, whose role grants `menuCodes` (MERCHANT_ADMIN_MENUS unless given). */
export interface Merchant {
  id: number;
  name: string;
  roleId: number;
  admin: Account;
}

/** A merchant, its administrator's role and that administrator, made by the platform administrator. */
export async function createMerchant(options: { menuCodes?: readonly string[]; type?: 'AGENT' | 'DIRECT' } = {}): Promise<Merchant> {
  const platform = await apiToken('admin');
  const record = await apiRequest(platform, merchantApi.add, {
    name: unique('Merchant '),
    type: options.type ?? 'AGENT',
    personInCharge: 'Ayu Lestari',
    contact: '+62 812 0000 0000',
    officeAddress: 'Jl. Test 1',
  });
  const role = await createRole(platform, options.menuCodes ?? MERCHANT_ADMIN_MENUS, record.id);
  const admin = await createAccount(platform, { type: 'NORMAL', roleIds: [role.id], prefix: 'admin.m', merchantId: record.id });
  return { id: record.id, name: record.name, roleId: role.id, admin };
}

/** A sub-account (SON) of the merchant, made by its administrator with a role of the merchant granting `menuCodes`. */
export async function createSubAccount(merchant: Merchant, menuCodes: readonly string[]): Promise<Account> {
  const role = await createRole(merchant.admin.token, menuCodes);
  return createAccount(merchant.admin.token, { type: 'SON', roleIds: [role.id], prefix: 'son.' });
}

/** A platform staff account (no merchant), made by the platform administrator with a role granting `menuCodes` only. */
export async function createPlatformStaff(menuCodes: readonly string[]): Promise<Account> {
  const platform = await apiToken('admin');
  const role = await createRole(platform, menuCodes);
  return createAccount(platform, { type: 'NORMAL', roleIds: [role.id], prefix: 'staff.', platform: true });
}

/** A device type added by the platform administrator: the kind's sample (DEVICE_TYPE_SAMPLES) under a code and name of its own. */
async function createDeviceType(kind: 'battery' | 'vehicle'): Promise<{ id: number; code: string; name: string }> {
  const code = `${unique('E').toUpperCase()}${kind === 'battery' ? 'B' : 'V'}`;
  const name = `${kind === 'battery' ? 'Pack' : 'Scooter'} ${code}`;
  const sample = {
    ...(kind === 'battery' ? DEVICE_TYPE_SAMPLES.battery : DEVICE_TYPE_SAMPLES.vehicle1),
    code,
    name,
    description: 'made by a browser spec',
  };
  const type = await apiRequest(await apiToken('admin'), deviceTypeApi[kind].add, sample as never);
  return { id: type.id, code, name };
}

/** A battery type (the sample pack under a code and name of its own). */
export function createBatteryType(): Promise<{ id: number; code: string; name: string }> {
  return createDeviceType('battery');
}

/** Sets a merchant's currency, as the platform administrator does on the currency page. */
export async function setMerchantCurrency(merchant: Merchant, currency: Currency): Promise<void> {
  await apiRequest(await apiToken('admin'), currencyApi.edit, { currency, merchantId: merchant.id });
}

/** A base price of the merchant (added by its administrator): every amount 0 unless given. */
export async function createBasePrice(
  merchant: Merchant,
  price: Pick<BasePriceAdd, 'operationType' | 'vehicleTypeId' | 'batteryCount' | 'cityId'> & Partial<BasePriceAdd>,
) {
  return apiRequest(merchant.admin.token, basePriceApi.add, {
    price: '0',
    deposit: '0',
    rent: '0',
    dailyRate: '0',
    minDailyRate: '0',
    ...price,
  });
}

/**
 * `count` packs of a new battery type registered by the platform administrator (no owner, in stock),
 * or by a merchant's account given its token (the merchant's own): their numbers.
 */
export async function createBatteries(count: number, ownerToken?: string): Promise<string[]> {
  const type = await createBatteryType();
  const numbers = Array.from({ length: count }, (_, i) => `${type.code}${String(i + 1).padStart(4, '0')}`);
  await apiRequest(ownerToken ?? (await apiToken('admin')), batteryApi.batchAdd, { typeId: type.id, numbers });
  return numbers;
}

/** A customer of the caller's merchant, registered by staff with the number given (docs/customers.md). */
export async function createCustomer(
  token: string,
  customer: { customerNumber: string; givenName: string; familyName: string; phone: string },
): Promise<{ id: number; customerNumber: string }> {
  return apiRequest(token, customerApi.add, customer);
}

/** A cabinet registered by the platform with its packs in its first compartments, and the secret issued for it. */
export interface CabinetDevice {
  id: number;
  number: string;
  /** Its MQTT password, issued by the back-office (shown once). */
  secret: string;
  /** Its compartments as the simulated cabinet reports them: a pack's number, or null for an empty one. */
  compartments: { index: number; batteryNumber: string | null }[];
}

/**
 * A cabinet of a new four-compartment type holding `batteries` packs (createBatteries), registered
 * by the platform administrator, with the cabinet's credential issued: the spec runs
 * it as a simulated device (support/fleet.ts startCabinetDevice) instead of a demo cabinet.
 */
export async function createCabinetDevice(options: { batteries: number }): Promise<CabinetDevice> {
  const platform = await apiToken('admin');
  const code = unique('E').toUpperCase();
  const cabinetType = await apiRequest(platform, deviceTypeApi.cabinet.add, {
    ...DEVICE_TYPE_SAMPLES.cabinet,
    code: `${code}C`,
    name: `Cabinet ${code}`,
    description: 'made by a browser spec',
  });
  const number = `${code}C0001`;
  const cabinet = await apiRequest(platform, cabinetApi.add, { number, typeId: cabinetType.id });
  const packs = options.batteries > 0 ? await createBatteries(options.batteries) : [];
  const issued = await apiRequest(platform, deviceCredentialApi.cabinet.issue, { id: cabinet.id });
  const compartments = [1, 2, 3, 4].map((index) => ({ index, batteryNumber: packs[index - 1] ?? null }));
  return { id: cabinet.id, number, secret: issued.secret, compartments };
}

/**
 * Empty cabinets of one new type (`name` its type's name), registered by the platform administrator
 * with their credentials issued, to run as simulated devices together (support/fleet.ts
 * startCabinetDevices): the fleet an upgrade or a command to many cabinets goes to.
 */
export async function createCabinetDevices(count: number): Promise<{ typeId: number; typeName: string; cabinets: CabinetDevice[] }> {
  const platform = await apiToken('admin');
  const code = unique('F').toUpperCase();
  const typeName = `Cabinet ${code}`;
  const cabinetType = await apiRequest(platform, deviceTypeApi.cabinet.add, {
    ...DEVICE_TYPE_SAMPLES.cabinet,
    code: `${code}C`,
    name: typeName,
    description: 'made by a browser spec',
  });
  const cabinets: CabinetDevice[] = [];
  for (let i = 1; i <= count; i++) {
    const number = `${code}C${String(i).padStart(4, '0')}`;
    const cabinet = await apiRequest(platform, cabinetApi.add, { number, typeId: cabinetType.id });
    const issued = await apiRequest(platform, deviceCredentialApi.cabinet.issue, { id: cabinet.id });
    cabinets.push({
      id: cabinet.id,
      number,
      secret: issued.secret,
      compartments: [1, 2, 3, 4].map((index) => ({ index, batteryNumber: null })),
    });
  }
  return { typeId: cabinetType.id, typeName, cabinets };
}

/** A vehicle or a pack registered by the platform administrator, with the secret issued for it. */
export interface TrackedDevice {
  id: number;
  number: string;
  /** Its MQTT password, issued by the back-office (shown once). */
  secret: string;
}

/**
 * A vehicle of a new one-pack type, or a pack of a new battery type (createBatteries), registered
 * by the platform administrator (no owner), with its credential issued: a spec uploads its history
 * as the device would (support/fleet.ts createDeviceWithHistory).
 */
export async function createTrackedDevice(kind: 'vehicle' | 'battery'): Promise<TrackedDevice> {
  const platform = await apiToken('admin');
  let id: number;
  let number: string;
  if (kind === 'battery') {
    [number] = (await createBatteries(1)) as [string];
    const found = await apiRequest(platform, batteryApi.search, { number, current: 1, size: 1 });
    id = found.records[0]!.id;
  } else {
    const code = unique('E').toUpperCase();
    const type = await apiRequest(platform, deviceTypeApi.vehicle.add, {
      ...DEVICE_TYPE_SAMPLES.vehicle1,
      code: `${code}V`,
      name: `Scooter ${code}`,
      description: 'made by a browser spec',
    });
    number = `${code}V0001`;
    id = (await apiRequest(platform, vehicleApi.add, { number, typeId: type.id })).id;
  }
  const issued = await apiRequest(platform, deviceCredentialApi[kind].issue, { id });
  return { id, number, secret: issued.secret };
}

/** A closed ring of [longitude, latitude] points: a small square around a point. */
const squareAround = (lng: number, lat: number, h: number): [number, number][] => [
  [lng - h, lat - h],
  [lng + h, lat - h],
  [lng + h, lat + h],
  [lng - h, lat + h],
  [lng - h, lat - h],
];

/** What a product order spec stands on: a merchant's vehicle type, city, two rental products (each at its base price) and a vehicle. */
export interface OrderFixture {
  vehicleTypeId: number;
  cityId: number;
  products: { id: number; name: string }[];
  vehicleNumber: string;
}

/**
 * A vehicle type and a city of their own, the merchant's LEASE base price there, two products on sale
 * (`names`: 3 cycles of 30 days at 300,000; 6 cycles at 320,000) and one vehicle of the merchant,
 * all added by the platform administrator (docs/orders.md).
 */
export async function createOrderFixture(merchantId: number, names: [string, string]): Promise<OrderFixture> {
  const platform = await apiToken('admin');
  const code = unique('O').toUpperCase();
  const type = await apiRequest(platform, deviceTypeApi.vehicle.add, {
    ...DEVICE_TYPE_SAMPLES.vehicle1,
    code: `${code}V`,
    name: `Scooter ${code}`,
    description: 'made by a browser spec',
  });
  const province = await apiRequest(platform, areaApi.add, { code: `${code}P`, name: `Province ${code}`, type: 'PROVINCE' });
  const lng = 95 + (Date.now() % 997) / 100;
  const city = await apiRequest(platform, areaApi.add, {
    code: `${code}C`,
    name: `City ${code}`,
    type: 'CITY',
    provinceId: province.id,
    polygon: squareAround(lng, 3, 0.01),
  });
  await apiRequest(platform, basePriceApi.add, {
    merchantId,
    operationType: 'LEASE',
    vehicleTypeId: type.id,
    batteryCount: 1,
    cityId: city.id,
    price: '0',
    deposit: '500000',
    rent: '300000',
    dailyRate: '20000',
    minDailyRate: '10000',
  });
  const day = 24 * 3600_000;
  const products = [];
  for (const [name, cycles, price] of [
    [names[0], 3, '300000'],
    [names[1], 6, '320000'],
  ] as const) {
    const product = await apiRequest(platform, productPackageApi.add, {
      merchantId,
      name,
      operationType: 'LEASE',
      vehicleTypeId: type.id,
      cityId: city.id,
      deposit: '500000',
      adminFee: '25000',
      pricePerCycle: price,
      renewalPrice: '280000',
      dailyRenewalPrice: '10000',
      cycles,
      batteryCount: 1,
      swapsPerCycle: 60,
      timeLimit: cycles * 30,
      timeLimitUnit: 'DAY',
      agreement: 'Keep the vehicle in good order.',
      startAt: new Date(Date.now() - day).toISOString(),
      endAt: new Date(Date.now() + 365 * day).toISOString(),
      saleMode: 'RENT_ONLY',
      labels: ['RENT', 'SWAP_COMBO'],
    });
    products.push({ id: product.id, name });
  }
  const vehicleNumber = `${code}V0001`;
  await apiRequest(platform, vehicleApi.add, { number: vehicleNumber, typeId: type.id, merchantId });
  return { vehicleTypeId: type.id, cityId: city.id, products, vehicleNumber };
}

/** A product order placed for a customer of the caller's merchant, as the customer's app sends it. */
export async function createProductOrder(token: string, order: { customerNumber: string; productId: number }) {
  return apiRequest(token, productOrderApi.add, { ...order, source: 'ANDROID' });
}

/** A province and a city in it of names of their own, added by the platform administrator (prices are set per city). */
export async function createCity(): Promise<{ id: number; name: string; provinceId: number }> {
  const platform = await apiToken('admin');
  const code = unique('E').toUpperCase();
  const province = await apiRequest(platform, areaApi.add, { code: `${code}P`, name: unique('Province '), type: 'PROVINCE' });
  const name = unique('City ');
  const city = await apiRequest(platform, areaApi.add, {
    code: `${code}C`,
    name,
    type: 'CITY',
    provinceId: province.id,
    polygon: squareAround(100.4, 13.6, 0.025),
  });
  return { id: city.id, name, provinceId: province.id };
}

/** A one-pack vehicle type of a code and name of its own (the sample scooter), added by the platform administrator. */
export function createVehicleType(): Promise<{ id: number; code: string; name: string }> {
  return createDeviceType('vehicle');
}

/** A document uploaded on the sign-up page (no session); answers its id. */
async function uploadSignUpDocument(name: string): Promise<number> {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), name);
  const answer = await fetch(new URL(endpointUrl(signUpApi.upload), inject('baseURL')), { method: 'POST', body: form });
  const envelope = (await answer.json()) as { code: number; message: string; data: { id: number } };
  if (envelope.code !== 1) throw new Error(`sign-up upload: ${envelope.code} ${envelope.message}`);
  return envelope.data.id;
}

/** A company's merchant application as the sign-up page sends it; its administrator signs in with FACTORY_PASSWORD once approved. */
export async function applyForMerchant(): Promise<{ id: number; name: string; username: string }> {
  const name = unique('Apply ');
  const username = unique('applicant.').toLowerCase();
  const { id } = await apiRequest(null, signUpApi.apply, {
    name,
    type: 'AGENT',
    personInCharge: 'Ayu Lestari',
    contact: `+62 811 ${String(Date.now()).slice(-7)}`,
    email: `${username}@example.test`,
    officeAddress: 'Jl. Sudirman 1, Jakarta',
    idCardFrontFileId: await uploadSignUpDocument('front.png'),
    idCardBackFileId: await uploadSignUpDocument('back.png'),
    facePhotoFileId: await uploadSignUpDocument('face.png'),
    username,
    password: FACTORY_PASSWORD,
  });
  return { id, name, username };
}
