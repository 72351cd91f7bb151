import { deviceTypeApi, endpointUrl, priceSettingApi, topUpApi } from '@swap/contracts';
import { checkA11y } from '../support/a11y.js';
import { apiRequest } from '../support/api.js';
import { createBatteryType, createCity, createCustomer, createMerchant } from '../support/factories.js';
import { describe, expect, test } from '../support/fixtures.js';
import { ListPage } from '../pages/list-page.js';
import { Shell } from '../pages/shell.js';

const stamp = Date.now().toString(36).toUpperCase();

describe('top-ups and price settings', () => {
  test('staff top up a customer’s wallet with one of the agent’s offers, in Bahasa, and read the balance after', async ({
    page,
    baseURL,
  }) => {
    const merchant = await createMerchant({ menuCodes: ['price.rechargeRecord', 'price.rechargeSetting', 'customer.list'] });
    const city = await createCity();
    const customer = `T${stamp}`;
    await createCustomer(merchant.admin.token, {
      customerNumber: customer,
      givenName: 'Budi',
      familyName: 'Santoso',
      phone: '+6281100000091',
    });
    // The agent's offers: one enabled, one disabled (not offered).
    const offer = (paidAmount: string, giftAmount: string, enabled: boolean) =>
      apiRequest(merchant.admin.token, priceSettingApi.rechargeSetting.add, {
        cityId: city.id,
        enabled,
        paidAmount,
        giftAmount,
        marketingType: 'BONUS',
      });
    await offer('100000', '10000', true);
    await offer('500000', '75000', false);

    await new Shell(page).startSignedIn(merchant.admin.username, merchant.admin.password);
    await page.context().addCookies([{ name: 'language', value: 'in', url: baseURL }]);
    const list = new ListPage(page, '/basic-pricing/reahargeOperateRecord');
    await list.open();

    const drawer = await list.startAdd('Isi ulang dompet', { 'ID pelanggan': customer });
    // Only the enabled offer is offered; choosing it fills the amounts and the marketing type.
    await drawer.field('Penawaran isi ulang').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => options.count()).toBe(1);
    await options.filter({ hasText: city.name }).click();
    await expect.poll(() => drawer.field('Jumlah dibayar').inputValue()).toBe('100000.00');
    expect(await drawer.field('Jumlah bonus').inputValue()).toBe('10000.00');
    await drawer.locator.getByText('Bonus isi ulang', { exact: true }).waitFor();
    await drawer.locator.getByRole('button', { name: 'Simpan', exact: true }).click();
    await drawer.locator.waitFor({ state: 'hidden' });

    // The record, in rupiah the Indonesian way, with the balance it left.
    const row = list.row(customer);
    await row.getByText(/Rp\s110\.000/).waitFor();
    await row.getByText('Bonus isi ulang').waitFor();
    const wallet = await apiRequest(merchant.admin.token, topUpApi.balance, { customerId: customer });
    expect(wallet.balance).toBe('110000.00');
    await checkA11y(page);
  });

  test('battery prices: add, a second on the same key refused, edit, remove after a question; other price screens never ask for battery types', async ({
    page,
  }) => {
    const merchant = await createMerchant({ menuCodes: ['price.battery', 'price.consumer'] });
    const [city, type] = await Promise.all([createCity(), createBatteryType()]);
    await new Shell(page).startSignedIn(merchant.admin.username, merchant.admin.password);

    // The consumer price screen has no battery type: it never loads the types.
    const typeCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith(endpointUrl(deviceTypeApi.battery.options))) typeCalls.push(request.url());
    });
    const consumer = new ListPage(page, '/basic-pricing/consumer-price');
    await consumer.open();
    await page.getByRole('button', { name: 'Add consumer price' }).waitFor();
    expect(typeCalls).toEqual([]);

    const list = new ListPage(page, '/basic-pricing/battery-price');
    await list.open();
    const price = { City: city.name, 'Battery type': type.name, Deposit: '300000', 'Rent per cycle': '150000', 'Cycle (days)': '30' };
    const drawer = await list.startAdd('Add battery price', price);
    await drawer.saveAndClose();
    expect(typeCalls.length).toBeGreaterThan(0);
    const row = list.row(type.name);
    await row.getByText(/150,000/).waitFor();

    // The same agent, city and battery type again: refused, nothing added.
    const again = await list.startAdd('Add battery price', { ...price, Deposit: '1' });
    await again.save();
    await page.getByText('Price setting already exists').first().waitFor();
    await again.locator.getByRole('button', { name: 'Cancel', exact: true }).click();
    await again.locator.waitFor({ state: 'hidden' });
    expect(await list.rows().count()).toBe(1);

    await list.edit(type.name, { 'Rent per cycle': '180000' });
    await row.getByText(/180,000/).waitFor();
    await list.remove(type.name, 'Confirm');
    await expect.poll(() => list.rows().count()).toBe(0);
    await checkA11y(page);
  });
});
