import {
  DEMO_PASSWORD,
  accountApi,
  areaApi,
  basePriceApi,
  customerApi,
  productOrderApi,
  productPackageApi,
  batteryApi,
  cabinetApi,
  deviceCredentialApi,
  deviceTypeApi,
  endpointUrl,
  distributionApi,
  merchantApi,
  roleApi,
  signUpApi,
  stationApi,
  vehicleApi,
  type AnswerOf,
  type CompartmentReport,
  type DeviceKind,
  type EndpointDef,
  type InputOf,
  type Language,
  type MerchantRecord,
  type OperationType,
  type OrderSource,
  type PackageLabel,
  type PermissionNode,
  type UserType,
} from '@swap/contracts';
import { DEVICE_MENUS, DEVICE_TYPE_SAMPLES, FACTORY_PASSWORD, MERCHANT_ADMIN_MENUS, grantsIn } from '@swap/contracts/testing';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { storeCabinetState } from '../device-link/device-state.service.js';
import { accountRoles, accounts } from '../modules/account/account.table.js';
import { roleMenus, roleResources, roles } from '../modules/role/role.table.js';
import { menuResources, menus, resources } from '../modules/menu/menu.table.js';
import { hashPassword } from '../modules/account/index.js';
import type { TestServer } from './harness.js';
import { PNG, multipart } from './upload.js';

/**
 * Test data made through the product's own API, the way an administrator would make it: each test
 * file builds the merchants, accounts, roles and devices it needs and names them itself, instead of
 * leaning on the demo seed (docs/testing.md). Every factory fails the test at once, with the
 * server's message, when the product refuses what it asks.
 */

export { DEVICE_MENUS, FACTORY_PASSWORD, MERCHANT_ADMIN_MENUS };

let made = 0;
/** A name no other factory call of this test file has used: `prefix` and a counter. */
export function unique(prefix: string): string {
  made += 1;
  return `${prefix}${made}`;
}

/** Calls a declared endpoint and answers its data; a refusal fails the test with the server's words. */
export async function succeed<E extends EndpointDef>(
  server: TestServer,
  endpoint: E,
  input: InputOf<E>,
  token: string,
): Promise<AnswerOf<E>> {
  const answer = await server.request(endpoint, input, { token });
  if (answer.code !== 1) throw new Error(`${endpoint.method} ${endpoint.path} refused (${answer.code}): ${answer.message}`);
  return answer.data;
}

/** A signed-in account: who it is and its session token. */
export interface Caller {
  id: number;
  username: string;
  merchantId: number | null;
  token: string;
}

/** The platform's super administrator the server starts with (ADMIN_USERNAME, `admin` in tests). */
export async function platformAdmin(server: TestServer): Promise<Caller> {
  const username = server.config.adminUsername ?? 'admin';
  const token = await server.login(username);
  return { id: 0, username, merchantId: null, token };
}

export interface RoleOptions {
  /** Menu codes the role grants (with their buttons and links unless `menusOnly`). */
  menuCodes: readonly string[];
  menusOnly?: boolean;
  /** Buttons and links of those menus the role leaves out, by code (`order.transfer.refund`). */
  withoutResources?: readonly string[];
  /** The merchant the role belongs to, when the platform creates it for one; else the caller's tenant. */
  merchantId?: number | null;
  name?: string;
  /** Its place in the role list (0 unless given). */
  sort?: number;
}

/** Every button and link of a permission tree, its menus' and their sub-menus'. */
function resourcesOf(tree: readonly PermissionNode[]): PermissionNode['resources'] {
  return tree.flatMap((node) => [...node.resources, ...resourcesOf(node.children)]);
}

/** A role granting the given menus, created by `token`'s account (which must hold what it grants). */
export async function createRole(server: TestServer, token: string, options: RoleOptions) {
  const grantable = await succeed(server, roleApi.grantable, undefined, token);
  const { menuIds, resourceIds } = grantsIn(grantable, options.menuCodes, { menusOnly: options.menusOnly });
  const left = new Set(options.withoutResources ?? []);
  const leftIds = new Set(resourcesOf(grantable).flatMap((resource) => (left.has(resource.code) ? [resource.id] : [])));
  if (leftIds.size !== left.size) throw new Error(`not resources the caller may grant: ${[...left].join(', ')}`);
  return succeed(
    server,
    roleApi.add,
    {
      name: options.name ?? unique('Role '),
      description: 'made by a test factory',
      menuIds,
      resourceIds: resourceIds.filter((id) => !leftIds.has(id)),
      ...(options.sort !== undefined ? { sort: options.sort } : {}),
      ...(options.merchantId !== undefined ? { merchantId: options.merchantId } : {}),
    },
    token,
  );
}

export interface AccountOptions {
  /** NORMAL (an administrator of its tenant) unless SON. */
  type?: 'NORMAL' | 'SON';
  /** The merchant the account works for; absent: the caller's tenant (a platform caller then makes platform staff). */
  merchantId?: number | null;
  roleIds?: number[];
  /** Or a new role of the account's tenant granting these menus. */
  menuCodes?: readonly string[];
  username?: string;
  /** The account's name; from its username when absent. */
  name?: string;
  phone?: string;
}

/** An account's display name from its username (names take letters, digits, spaces, _ and -). */
function displayName(username: string): string {
  return username.replace(/[^\p{L}\p{N}_ -]/gu, ' ').slice(0, 20);
}

/** An account created by `token`'s account, signed in. */
export async function createAccount(server: TestServer, token: string, options: AccountOptions = {}): Promise<Caller> {
  const username = options.username ?? unique('user.');
  const merchantId = options.merchantId ?? null;
  const roleIds = [...(options.roleIds ?? [])];
  if (options.menuCodes) roleIds.push((await createRole(server, token, { menuCodes: options.menuCodes, merchantId })).id);
  const account = await succeed(
    server,
    accountApi.add,
    {
      username,
      name: options.name ?? displayName(username),
      password: FACTORY_PASSWORD,
      type: options.type ?? 'NORMAL',
      ...(options.phone ? { phone: options.phone } : {}),
      ...(merchantId === null ? {} : { merchantId }),
      roleIds,
    },
    token,
  );
  return { id: account.id, username, merchantId: account.merchantId, token: await server.login(username, FACTORY_PASSWORD) };
}

/** Platform staff (no merchant) granted the given menus, created by the platform's administrator. */
export async function createPlatformAccount(server: TestServer, platformToken: string, menuCodes: readonly string[]): Promise<Caller> {
  const role = await createRole(server, platformToken, { menuCodes, merchantId: null });
  const username = unique('staff.');
  const account = await succeed(
    server,
    accountApi.add,
    { username, name: displayName(username), password: FACTORY_PASSWORD, type: 'NORMAL', accountType: 'PLATFORM', roleIds: [role.id] },
    platformToken,
  );
  return { id: account.id, username, merchantId: null, token: await server.login(username, FACTORY_PASSWORD) };
}

let applicantAddress = 0;

/** A sign-up applicant's own address (the server must trust X-Forwarded-For: TRUST_PROXY '1'), so the throttle counts each apart. */
export function applicantIp(): string {
  applicantAddress += 1;
  return `10.${(applicantAddress >> 16) & 255}.${(applicantAddress >> 8) & 255}.${applicantAddress & 255}`;
}

/** A document uploaded on the sign-up page from `ip`; answers the stored file's id. */
export async function uploadSignUpDocument(server: TestServer, ip: string, filename = 'id-card.png'): Promise<number> {
  const { body, headers } = multipart(filename, 'image/png', PNG);
  const answer = await server.call('POST', endpointUrl(signUpApi.upload), { body, headers: { ...headers, 'x-forwarded-for': ip } });
  if (answer.code !== 1) throw new Error(`sign-up upload refused (${answer.code}): ${answer.message}`);
  return (answer.data as { id: number }).id;
}

export interface Application {
  id: number;
  body: InputOf<typeof signUpApi.apply>;
  ip: string;
}

/** A company's merchant application from the sign-up page, its three documents uploaded from its own address. */
export async function applyForMerchant(
  server: TestServer,
  options: Partial<InputOf<typeof signUpApi.apply>> & { ip?: string; lang?: Language } = {},
): Promise<Application> {
  const { ip = applicantIp(), lang, ...fields } = options;
  const made = unique('');
  const body: InputOf<typeof signUpApi.apply> = {
    name: `Applicant ${made}`,
    type: 'AGENT',
    personInCharge: 'Ayu Lestari',
    contact: `+62 811 ${String(1_000_000 + Number(made)).slice(-7)}`,
    email: `applicant.${made}@example.test`,
    officeAddress: 'Jl. Sudirman 1, Jakarta',
    idCardFrontFileId: await uploadSignUpDocument(server, ip, 'front.png'),
    idCardBackFileId: await uploadSignUpDocument(server, ip, 'back.png'),
    facePhotoFileId: await uploadSignUpDocument(server, ip, 'face.png'),
    username: `applicant.${made}`,
    password: FACTORY_PASSWORD,
    ...fields,
  };
  const answer = await server.request(signUpApi.apply, body, { lang, headers: { 'x-forwarded-for': ip } });
  if (answer.code !== 1) throw new Error(`sign-up refused (${answer.code}): ${answer.message}`);
  return { id: answer.data.id, body, ip };
}

/** A merchant with its administrator (a NORMAL account whose role grants `menuCodes`). */
export interface MerchantFixture {
  id: number;
  name: string;
  record: MerchantRecord;
  roleId: number;
  roleName: string;
  admin: Caller;
}

/** A merchant alone, without roles or accounts, created by the platform. */
export async function createMerchantRecord(
  server: TestServer,
  platformToken: string,
  options: { name?: string; type?: 'AGENT' | 'DIRECT' } = {},
): Promise<MerchantRecord> {
  return succeed(
    server,
    merchantApi.add,
    {
      name: options.name ?? unique('Merchant '),
      type: options.type ?? 'AGENT',
      personInCharge: 'Ayu Lestari',
      contact: '+62 812 0000 0000',
      officeAddress: 'Jl. Test 1',
    },
    platformToken,
  );
}

/** A merchant, its administrator's role and its administrator, created by the platform. */
export async function createMerchant(
  server: TestServer,
  platformToken: string,
  options: {
    name?: string;
    type?: 'AGENT' | 'DIRECT';
    menuCodes?: readonly string[];
    /** The administrator's phone, a second name it signs in with. */
    phone?: string;
  } = {},
): Promise<MerchantFixture> {
  const record = await createMerchantRecord(server, platformToken, options);
  const role = await createRole(server, platformToken, { menuCodes: options.menuCodes ?? MERCHANT_ADMIN_MENUS, merchantId: record.id });
  const admin = await createAccount(server, platformToken, {
    merchantId: record.id,
    roleIds: [role.id],
    username: unique('admin.m'),
    ...(options.phone ? { phone: options.phone } : {}),
  });
  return { id: record.id, name: record.name, record, roleId: role.id, roleName: role.name, admin };
}

/** A SON account of a merchant, made by its administrator with a role of the merchant granting `menuCodes`. */
export async function createSubAccount(server: TestServer, merchant: MerchantFixture, menuCodes: readonly string[]): Promise<Caller> {
  return createAccount(server, merchant.admin.token, { type: 'SON', menuCodes });
}

/**
 * Two tenants side by side, as a tenant test starts: the platform's administrator, two merchants
 * whose administrators hold `menuCodes`, and the device types.
 */
export async function twoMerchants(server: TestServer, menuCodes: readonly string[]) {
  const platform = await platformAdmin(server);
  const a = await createMerchant(server, platform.token, { menuCodes });
  const b = await createMerchant(server, platform.token, { menuCodes });
  return { platform, a, b, types: await createDeviceTypes(server, platform.token) };
}

/**
 * Two merchants selling in one city, as an order test starts: the platform administrator's token,
 * the merchant under test (`agent`) and another (`rival`) whose administrators hold `menuCodes`,
 * the device types and a city.
 */
export async function orderTenants(server: TestServer, menuCodes: readonly string[]) {
  const { platform, a, b, types } = await twoMerchants(server, menuCodes);
  const { cityId } = await createProvinceAndCity(server, platform.token);
  return { admin: platform.token, agent: a, rival: b, types, cityId };
}

/** The types createDeviceTypes adds: one battery, two vehicle and one cabinet type. */
export const DEVICE_TYPES = DEVICE_TYPE_SAMPLES;

/** One type of each kind (DEVICE_TYPES: codes LFP6430, ES1, EM2, SC4), added by the platform once per server: ids by kind. */
export async function createDeviceTypes(
  server: TestServer,
  platformToken: string,
): Promise<{ battery: number; vehicle1: number; vehicle2: number; cabinet: number }> {
  const add = <E extends EndpointDef>(endpoint: E, input: InputOf<E>) =>
    succeed(server, endpoint, input, platformToken).then((record) => (record as { id: number }).id);
  return {
    battery: await add(deviceTypeApi.battery.add, DEVICE_TYPES.battery),
    vehicle1: await add(deviceTypeApi.vehicle.add, DEVICE_TYPES.vehicle1),
    vehicle2: await add(deviceTypeApi.vehicle.add, DEVICE_TYPES.vehicle2),
    cabinet: await add(deviceTypeApi.cabinet.add, DEVICE_TYPES.cabinet),
  };
}

/** Numbers PREFIX0001 … in order. */
export function numbers(prefix: string, count: number, from = 1): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${String(from + i).padStart(4, '0')}`);
}

const REGISTRIES = { battery: batteryApi, vehicle: vehicleApi, cabinet: cabinetApi } as const;

/**
 * `count` devices of a kind registered in one batch by `token`'s account, numbered PREFIX0001 …;
 * `merchantId` names the owner when the platform registers them for a merchant.
 */
export async function createDevices(
  server: TestServer,
  token: string,
  kind: DeviceKind,
  count: number,
  options: { typeId: number; prefix: string; merchantId?: number },
): Promise<{ ids: number[]; numbers: string[] }> {
  const list = numbers(options.prefix, count);
  const added = await succeed(
    server,
    REGISTRIES[kind].batchAdd,
    { typeId: options.typeId, numbers: list, ...(options.merchantId ? { merchantId: options.merchantId } : {}) },
    token,
  );
  return { ids: added.ids, numbers: list };
}

/** A device registered in the back-office with the secret it issued (its MQTT password; username = number). */
export interface IssuedDevice {
  id: number;
  number: string;
  secret: string;
}

/**
 * One device of a kind registered by `token`'s account (for `merchantId` when the platform
 * registers it), with its credential issued, so it can sign in to the broker with its own secret.
 */
export async function createDeviceWithCredential(
  server: TestServer,
  token: string,
  kind: DeviceKind,
  options: { typeId: number; number: string; merchantId?: number },
): Promise<IssuedDevice> {
  const { ids } = await succeed(
    server,
    REGISTRIES[kind].batchAdd,
    { typeId: options.typeId, numbers: [options.number], ...(options.merchantId ? { merchantId: options.merchantId } : {}) },
    token,
  );
  const id = ids[0]!;
  const issued = await succeed(server, deviceCredentialApi[kind].issue, { id }, token);
  return { id, number: options.number, secret: issued.secret };
}

/** Issues a new secret, through `token`'s account, to the registered device of that kind and number: its MQTT password. */
export async function issueSecret(server: TestServer, token: string, kind: DeviceKind, number: string): Promise<string> {
  const found = await succeed(server, REGISTRIES[kind].search, { number }, token);
  const device = found.records.find((record) => record.number === number);
  if (!device) throw new Error(`no ${kind} ${number} for this account`);
  return (await succeed(server, deviceCredentialApi[kind].issue, { id: device.id }, token)).secret;
}

/** A compartment as a cabinet reports it: full with the battery, or empty. */
export function compartment(index: number, batteryNumber: string | null): CompartmentReport {
  return {
    index,
    state: batteryNumber ? 'FULL' : 'EMPTY',
    doorLock: 'LOCKED',
    batteryLock: batteryNumber ? 'LOCKED' : 'UNLOCKED',
    inPlace: batteryNumber !== null,
    chargerSwitch: 'ON',
    voltage: null,
    current: null,
    temperature: null,
    preset: null,
    indicator: batteryNumber ? 'GREEN' : 'OFF',
    fault: null,
    nfcSwitch: 'ON',
    enabled: true,
    batteryNumber,
  };
}

/**
 * A cabinet of a four-slot type holding `batteries` packs in its first slots, online: the cabinet
 * and the packs are registered by `token`'s account, and the cabinet's state is taken in as the
 * device link takes a cabinet's report.
 */
export async function createCabinetWithBatteries(
  server: TestServer,
  token: string,
  options: { types: { cabinet: number; battery: number }; prefix: string; batteries: number; merchantId?: number },
): Promise<{ cabinetId: number; cabinetNumber: string; batteryIds: number[]; batteryNumbers: string[] }> {
  const owner = options.merchantId ? { merchantId: options.merchantId } : {};
  const cabinetNumber = `${options.prefix}C0001`;
  const cabinet = await succeed(server, cabinetApi.add, { number: cabinetNumber, typeId: options.types.cabinet, ...owner }, token);
  const packs = await createDevices(server, token, 'battery', options.batteries, {
    typeId: options.types.battery,
    prefix: `${options.prefix}B`,
    ...owner,
  });
  const slots = Array.from({ length: 4 }, (_, i) => compartment(i + 1, packs.numbers[i] ?? null));
  const state = { online: true as const, ts: new Date().toISOString(), compartments: slots };
  if (!(await storeCabinetState(server.db, cabinetNumber, state, new Date()))) throw new Error(`cabinet ${cabinetNumber} took no state`);
  return { cabinetId: cabinet.id, cabinetNumber, batteryIds: packs.ids, batteryNumbers: packs.numbers };
}

/** A square of `size` degrees with its south-west corner at (lng, lat), closed: an area's outline. */
export function square(lng: number, lat: number, size: number): [number, number][] {
  return [
    [lng, lat],
    [lng + size, lat],
    [lng + size, lat + size],
    [lng, lat + size],
    [lng, lat],
  ];
}

/**
 * The province Jakarta (JK, the square of 1° from 106° E, 7° S) and its city South Jakarta (JK-S,
 * the square of 0.2° from 106.2° E, 6.6° S), added by `token`'s account (which holds admin.area).
 */
export async function createProvinceAndCity(server: TestServer, token: string): Promise<{ provinceId: number; cityId: number }> {
  const province = await succeed(
    server,
    areaApi.add,
    { code: 'JK', name: 'Jakarta', type: 'PROVINCE', polygon: square(106, -7, 1) },
    token,
  );
  const city = await succeed(
    server,
    areaApi.add,
    { code: 'JK-S', name: 'South Jakarta', type: 'CITY', provinceId: province.id, polygon: square(106.2, -6.6, 0.2) },
    token,
  );
  return { provinceId: province.id, cityId: city.id };
}

/**
 * A station of `ownerId` (null: the platform's own) made by the platform, of the type the kind goes
 * to (vehicles an integrated station, batteries and cabinets a swap station), and the devices with
 * these numbers distributed to it (docs/operation-centre.md, "Distribution"): assigned, so a cabinet
 * may hand such a battery out. The station stands at `position` (by default 6.2° S, 106.8° E: inside
 * the province of createProvinceAndCity, outside its city). Answers the station's id.
 */
export async function assignToStation(
  server: TestServer,
  platformToken: string,
  kind: DeviceKind,
  list: string[],
  ownerId: number | null,
  position: { latitude: number; longitude: number } = { latitude: -6.2, longitude: 106.8 },
): Promise<number> {
  const type = kind === 'vehicle' ? 'INTEGRATED' : 'SWAP';
  const name = unique('Station');
  const station = await succeed(
    server,
    stationApi[type].add,
    {
      name,
      nature: 'SELF_OPERATED',
      address: `${name} street 1`,
      ...position,
      responsiblePerson: 'Station lead',
      status: 'DEPLOYED',
      ...(ownerId === null ? {} : { merchantId: ownerId }),
    },
    platformToken,
  );
  await succeed(server, distributionApi[kind].distribute, { numbers: list, merchantId: ownerId, stationId: station.id }, platformToken);
  return station.id;
}

export interface AccountFixture {
  username: string;
  merchantId: number | null;
  type?: Exclude<UserType, 'SUPER'>;
  /** Menu codes the account's role grants. */
  menuCodes: string[];
  /** Also grant every resource (button, link) of those menus; otherwise the menus alone. */
  withResources?: boolean;
}

/**
 * An account (password DEMO_PASSWORD) with its own role, written straight in the database: for
 * callers the API would refuse to make (a grant set no administrator holds, the permission matrix's
 * odd callers). Prefer createAccount, which goes through the product.
 */
export async function createAccountWithMenus(db: Db, fixture: AccountFixture): Promise<number> {
  const menuRows = fixture.menuCodes.length
    ? await db.select({ id: menus.id }).from(menus).where(inArray(menus.code, fixture.menuCodes))
    : [];
  const resourceRows =
    fixture.withResources && menuRows.length
      ? await db
          .select({ id: resources.id })
          .from(resources)
          .innerJoin(menuResources, eq(menuResources.resourceId, resources.id))
          .where(
            inArray(
              menuResources.menuId,
              menuRows.map((row) => row.id),
            ),
          )
      : [];
  const [role] = await db
    .insert(roles)
    .values({ name: `role of ${fixture.username}`, description: 'test role', merchantId: fixture.merchantId })
    .returning();
  if (menuRows.length) await db.insert(roleMenus).values(menuRows.map((row) => ({ roleId: role!.id, menuId: row.id })));
  if (resourceRows.length) await db.insert(roleResources).values(resourceRows.map((row) => ({ roleId: role!.id, resourceId: row.id })));
  const [account] = await db
    .insert(accounts)
    .values({
      username: fixture.username,
      name: fixture.username,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      accountType: fixture.merchantId === null ? 'PLATFORM' : 'MERCHANT',
      type: fixture.type ?? 'NORMAL',
      merchantId: fixture.merchantId,
    })
    .returning();
  await db.insert(accountRoles).values({ accountId: account!.id, roleId: role!.id });
  return account!.id;
}

/**
 * The callers of the device suites: the platform's administrator, the administrator of a merchant
 * (MERCHANT_ADMIN_MENUS) and the device staff of a second merchant (DEVICE_MENUS), all signed in.
 */
export interface DeviceCallers {
  admin: string;
  merchant: string;
  rival: string;
  merchantId: number;
  rivalId: number;
  /** The two merchants with their administrators: names, ids and usernames for what a test compares. */
  fixtures: { merchant: MerchantFixture; rival: MerchantFixture };
}

export async function deviceCallers(server: TestServer): Promise<DeviceCallers> {
  const admin = (await platformAdmin(server)).token;
  const merchant = await createMerchant(server, admin);
  const rival = await createMerchant(server, admin, { type: 'DIRECT', menuCodes: DEVICE_MENUS });
  return {
    admin,
    merchant: merchant.admin.token,
    rival: rival.admin.token,
    merchantId: merchant.id,
    rivalId: rival.id,
    fixtures: { merchant, rival },
  };
}

let phones = 0;
/**
 * A customer of the caller's merchant (platform staff name one), registered as staff would: its
 * number as given (C40001) or the server's; names and a phone of its own unless given.
 */
export async function createCustomer(
  server: TestServer,
  token: string,
  options: { customerNumber?: string; merchantId?: number; givenName?: string; familyName?: string; phone?: string } = {},
) {
  phones += 1;
  return succeed(
    server,
    customerApi.add,
    { givenName: 'Ayu', familyName: 'Lestari', phone: `+62811${String(phones).padStart(7, '0')}`, ...options },
    token,
  );
}

/**
 * A product a merchant's customers can order now, added by the platform for the merchant: its base
 * price (the operation type, vehicle type, one battery and city; kept when the merchant has it
 * already) and the product on sale from yesterday for a year, at the base price.
 */
export async function createOrderableProduct(
  server: TestServer,
  platformToken: string,
  options: {
    merchantId: number;
    vehicleTypeId: number;
    cityId: number;
    name?: string;
    operationType?: OperationType;
    pricePerCycle?: string;
    renewalPrice?: string;
    cycles?: number;
    labels?: PackageLabel[];
  },
) {
  const operationType = options.operationType ?? 'LEASE';
  const sold = operationType === 'NEW' || operationType === 'SALE';
  const base = await server.request(
    basePriceApi.add,
    {
      merchantId: options.merchantId,
      operationType,
      vehicleTypeId: options.vehicleTypeId,
      batteryCount: 1,
      cityId: options.cityId,
      price: sold ? '1000000' : '0',
      deposit: '500000',
      rent: sold ? '0' : '300000',
      dailyRate: '20000',
      minDailyRate: '10000',
    },
    { token: platformToken },
  );
  if (base.code !== 1 && base.code !== 4004) throw new Error(`base price refused (${base.code}): ${base.message}`);
  const day = 24 * 3600_000;
  return succeed(
    server,
    productPackageApi.add,
    {
      merchantId: options.merchantId,
      name: options.name ?? unique('Plan'),
      operationType,
      vehicleTypeId: options.vehicleTypeId,
      cityId: options.cityId,
      deposit: '500000',
      adminFee: '25000',
      pricePerCycle: options.pricePerCycle ?? (sold ? '1000000' : '300000'),
      renewalPrice: options.renewalPrice ?? '280000',
      dailyRenewalPrice: '10000',
      cycles: options.cycles ?? 3,
      batteryCount: 1,
      swapsPerCycle: 60,
      timeLimit: (options.cycles ?? 3) * 30,
      timeLimitUnit: 'DAY',
      agreement: 'Keep the vehicle in good order.',
      startAt: new Date(Date.now() - day).toISOString(),
      endAt: new Date(Date.now() + 365 * day).toISOString(),
      saleMode: sold ? 'SALE_ONLY' : 'RENT_ONLY',
      labels: options.labels ?? ['RENT', 'SWAP_COMBO'],
    },
    platformToken,
  );
}

/** A product order placed for a customer of the caller's merchant (platform staff name one), as the customer's app sends it. */
export async function createProductOrder(
  server: TestServer,
  token: string,
  options: { customerNumber: string; productId: number; source?: OrderSource; merchantId?: number },
) {
  return succeed(server, productOrderApi.add, { source: 'ANDROID', ...options }, token);
}
