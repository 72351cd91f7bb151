import { deviceOrderApi, priceSettingApi, walletOrderApi } from '@swap/contracts';
import type { TestServer } from '../../test/harness.js';
import {
  createCustomer,
  createDevices,
  createDeviceTypes,
  createMerchant,
  createOrderableProduct,
  createProductOrder,
  createProvinceAndCity,
  platformAdmin,
  succeed,
  unique,
  type MerchantFixture,
} from '../../test/factories.js';

/** A merchant with an orderable product and a battery price, for tests that pay its orders. */
export interface PayingMerchant {
  admin: string;
  merchant: MerchantFixture;
  productId: number;
  /** A new product order awaiting its first payment. */
  productOrder: () => Promise<{ id: number; orderNo: string; outstandingBalance: string; currency: string }>;
  /** A new recharge order of a plain amount awaiting payment, with its customer's number. */
  rechargeOrder: (
    paidAmount: string,
  ) => Promise<{ id: number; orderNo: string; paidAmount: string; currency: string; customerNumber: string }>;
  /** A new battery lease awaiting payment. */
  batteryOrder: () => Promise<{ id: number; orderNo: string; totalAmount: string; currency: string }>;
}

let customers = 0;

export async function payingMerchant(
  server: TestServer,
  options: {
    admin?: string;
    types?: Awaited<ReturnType<typeof createDeviceTypes>>;
    cityId?: number;
    /** Menus the merchant's administrator holds besides the order and customer screens. */
    menuCodes?: string[];
  } = {},
): Promise<PayingMerchant> {
  const admin = options.admin ?? (await platformAdmin(server)).token;
  const types = options.types ?? (await createDeviceTypes(server, admin));
  const cityId = options.cityId ?? (await createProvinceAndCity(server, admin)).cityId;
  const merchant = await createMerchant(server, admin, {
    menuCodes: ['order.product', 'order.battery', 'order.wallet', 'customer.list', ...(options.menuCodes ?? [])],
  });
  const product = await createOrderableProduct(server, admin, { merchantId: merchant.id, vehicleTypeId: types.vehicle1, cityId });
  await succeed(
    server,
    priceSettingApi.battery.add,
    {
      merchantId: merchant.id,
      cityId,
      enabled: true,
      batteryTypeId: types.battery,
      deposit: '150000',
      rentPerCycle: '90000',
      cycleDays: 30,
    },
    admin,
  );
  const prefix = unique('PB');
  const batteries = (await createDevices(server, admin, 'battery', 30, { typeId: types.battery, prefix, merchantId: merchant.id })).numbers;
  const customer = async () =>
    (await createCustomer(server, merchant.admin.token, { customerNumber: `C7${String(++customers).padStart(5, '0')}` })).customerNumber;
  return {
    admin,
    merchant,
    productId: product.id,
    productOrder: async () => createProductOrder(server, merchant.admin.token, { customerNumber: await customer(), productId: product.id }),
    rechargeOrder: async (paidAmount: string) =>
      succeed(server, walletOrderApi.recharge.add, { customerNumber: await customer(), paidAmount, source: 'IOS' }, merchant.admin.token),
    batteryOrder: async () => {
      const battery = batteries.shift();
      if (!battery) throw new Error('no battery left for another order');
      return succeed(
        server,
        deviceOrderApi.battery.add,
        { customerNumber: await customer(), deviceNumber: battery, orderType: 'LEASE', cityId, source: 'IOS' },
        merchant.admin.token,
      );
    },
  };
}
