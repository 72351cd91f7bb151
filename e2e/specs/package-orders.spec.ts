import { priceSettingApi, topUpApi, walletApi, walletOrderApi, walletSettingApi } from '@swap/contracts';
import { describe, expect, test } from '../support/fixtures.js';
import { chooseOption } from '../pages/antd.js';
import { ListPage } from '../pages/list-page.js';
import { RecordDetailPage } from '../pages/detail-page.js';
import { Shell } from '../pages/shell.js';
import { apiRequest } from '../support/api.js';
import { createCity, createCustomer, createMerchant, unique } from '../support/factories.js';

describe('package orders and the wallet set', () => {
  test('the wallet set refuses a bad minimum in Bahasa and saves a good one; a package order placed, paid from the wallet on its page, shows paid with its swaps, then is refunded to the wallet from its row', async ({
    page,
    baseURL,
  }) => {
    const merchant = await createMerchant({
      menuCodes: ['order.combo', 'order.wallet.set', 'price.package', 'price.rechargeRecord', 'order.wallet.bill', 'customer.list'],
    });
    const city = await createCity();
    const customer = unique('K').toUpperCase();
    await createCustomer(merchant.admin.token, {
      customerNumber: customer,
      givenName: 'Budi',
      familyName: 'Santoso',
      phone: `+62812${String(Date.now()).slice(-7)}`,
    });
    const packageName = unique('Pack ');
    await apiRequest(merchant.admin.token, priceSettingApi.package.add, {
      cityId: city.id,
      enabled: true,
      name: packageName,
      swaps: 10,
      price: '50000',
      validityDays: 30,
    });
    await apiRequest(merchant.admin.token, topUpApi.add, {
      customerId: customer,
      paidAmount: '80000',
      giftAmount: '0',
      marketingType: 'NONE',
    });

    const shell = new Shell(page);
    await shell.startSignedIn(merchant.admin.username, merchant.admin.password);

    // Wallet set, in Bahasa: three decimals are refused naming the field, nothing is saved; a good minimum is.
    await page.context().addCookies([{ name: 'language', value: 'in', url: baseURL }]);
    const walletSet = new ListPage(page, '/order/wallet/set');
    await walletSet.open();
    const setDrawer = await walletSet.startAdd('Tambah pengaturan dompet', { 'Isi ulang minimum': '100.555' });
    await setDrawer.locator.getByRole('button', { name: 'Simpan', exact: true }).click();
    await setDrawer.locator
      .getByText(/maksimal dua angka desimal/)
      .first()
      .waitFor();
    expect((await apiRequest(merchant.admin.token, walletSettingApi.search, {})).total).toBe(0);
    await setDrawer.field('Isi ulang minimum').fill('20000');
    await setDrawer.locator.getByRole('button', { name: 'Simpan', exact: true }).click();
    await setDrawer.locator.waitFor({ state: 'hidden' });
    const [setting] = (await apiRequest(merchant.admin.token, walletSettingApi.search, {})).records;
    expect(setting?.minTopUp).toBe('20000.00');
    await walletSet.rows().first().waitFor();

    // A package order, in English: placed registered, paid from the wallet on its page.
    await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL }]);
    const list = new ListPage(page, '/order/package/list');
    await list.open();
    const drawer = await list.startAdd('Place package order', { 'Customer number': customer });
    await chooseOption(page, drawer.locator, 'Package', packageName);
    await chooseOption(page, drawer.locator, 'Source', 'Mini program');
    await drawer.locator.getByRole('button', { name: 'Save', exact: true }).click();
    await drawer.locator.waitFor({ state: 'hidden' });
    const [order] = (await apiRequest(merchant.admin.token, walletOrderApi.package.search, { customerNumber: customer })).records;
    expect(order).toMatchObject({ packageName, paidAmount: '50000.00', status: 'REGISTERED', swaps: 10 });
    await list.row(order!.orderNo).getByText('Registered').waitFor();

    await list.row(order!.orderNo).getByRole('link', { name: order!.orderNo }).click();
    await page.waitForURL(`**/order/package/detail/${order!.id}`);
    const detail = new RecordDetailPage(page, '');
    await detail.heading().filter({ hasText: order!.orderNo }).waitFor();
    // The payments card offers a gateway request while the order owes its price; nothing was asked yet.
    const payments = page.locator('.ant-card', { hasText: 'Payments' });
    await payments.getByRole('button', { name: 'Request payment' }).waitFor();
    await page.locator('.title-bar').getByRole('button', { name: 'Pay from wallet' }).click();
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: 'Confirm' }).click();
    await page.locator('.ant-descriptions').getByText('Paid', { exact: true }).first().waitFor();
    await payments.getByRole('button', { name: 'Request payment' }).waitFor({ state: 'detached' });

    const paid = await apiRequest(merchant.admin.token, walletOrderApi.package.detail, { id: order!.id });
    expect(paid).toMatchObject({ status: 'PAID', paymentGateway: 'WALLET', swapsLeft: 10 });
    const bill = (await apiRequest(merchant.admin.token, walletApi.bill, { customerId: customer })).records;
    expect(bill[0]).toMatchObject({ movementKind: 'PAYMENT', reference: order!.orderNo, amount: '-50000.00', balanceAfter: '30000.00' });

    // Unused, it is refunded from its row to the wallet it was paid from: its swaps are the customer's no more.
    await list.open();
    await list.action(order!.orderNo, 'Refund to wallet');
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: 'Confirm' }).click();
    await list.row(order!.orderNo).getByText('Refunded').waitFor();
    expect(await apiRequest(merchant.admin.token, walletOrderApi.package.detail, { id: order!.id })).toMatchObject({
      status: 'REFUNDED',
      swapsLeft: 0,
    });
    const refunded = (await apiRequest(merchant.admin.token, walletApi.bill, { customerId: customer })).records;
    expect(refunded[0]).toMatchObject({ movementKind: 'REFUND', reference: order!.orderNo, amount: '50000.00', balanceAfter: '80000.00' });
  });
});
