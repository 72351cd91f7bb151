import { topUpApi, walletApi } from '@swap/contracts';
import { checkA11y } from '../support/a11y.js';
import { apiRequest } from '../support/api.js';
import { describe, expect, test } from '../support/fixtures.js';
import { FormDrawer, ListPage } from '../pages/list-page.js';
import { Shell } from '../pages/shell.js';
import { createCustomer, createMerchant } from '../support/factories.js';

const stamp = Date.now().toString(36).toUpperCase();

describe('wallet bill', () => {
  test('staff see a top-up as its movements, correct the wallet with a reason and find the correction, in Bahasa', async ({
    page,
    baseURL,
  }) => {
    const merchant = await createMerchant({ menuCodes: ['order.wallet.bill', 'price.rechargeRecord', 'customer.list'] });
    const number = `W${stamp}`;
    const customer = await createCustomer(merchant.admin.token, {
      customerNumber: number,
      givenName: 'Ayu',
      familyName: 'Lestari',
      phone: '+6281100000777',
    });
    await apiRequest(merchant.admin.token, topUpApi.add, {
      customerId: number,
      paidAmount: '50000',
      giftAmount: '5000',
      marketingType: 'BONUS',
    });
    await new Shell(page).startSignedIn(merchant.admin.username, merchant.admin.password);
    await page.context().addCookies([{ name: 'language', value: 'in', url: baseURL }]);

    const bill = new ListPage(page, '/order/wallet/bill');
    await bill.open();
    await bill.search({ 'ID pelanggan': number });
    await bill
      .row('Bonus')
      .getByText(/55\.000$/)
      .waitFor();
    await bill
      .row('Isi ulang')
      .getByText(/50\.000$/)
      .first()
      .waitFor();

    // A correction taking more than the wallet holds is refused and changes nothing; a smaller one is kept.
    await page.getByRole('button', { name: 'Sesuaikan dompet' }).click();
    const form = new FormDrawer(page);
    await form.fill({ 'ID pelanggan': number, Jumlah: '-60000', Catatan: 'Koreksi' });
    await form.locator.getByRole('button', { name: 'Simpan', exact: true }).click();
    await page.getByText(`Dompet ${number} berisi 55000.00 IDR: tidak cukup untuk 60000.00 IDR`).waitFor();
    await form.field('Jumlah').fill('-2500');
    await form.locator.getByRole('button', { name: 'Simpan', exact: true }).click();
    await form.locator.waitFor({ state: 'hidden' });
    await bill
      .row('Penyesuaian')
      .getByText(/52\.500$/)
      .waitFor();
    await bill.row('Penyesuaian').getByText('Koreksi').waitFor();
    expect(await bill.rows().count()).toBe(3);
    const stored = await apiRequest(merchant.admin.token, walletApi.bill, { customerId: number });
    expect(stored.records.map((m) => [m.movementKind, m.amount, m.balanceAfter])).toEqual([
      ['ADJUSTMENT', '-2500.00', '52500.00'],
      ['GIFT', '5000.00', '55000.00'],
      ['TOP_UP', '50000.00', '50000.00'],
    ]);
    await checkA11y(page);

    // The customer's page links to its bill, filtered to the customer at its merchant.
    await page.goto(`${baseURL}/user/detail/${customer.id}`);
    await page.getByRole('link', { name: 'Mutasi dompet' }).click();
    await bill.row('Penyesuaian').waitFor();
    expect(await bill.rows().count()).toBe(3);
    expect(new URL(page.url()).searchParams.get('customerId')).toBe(number);
  });
});
