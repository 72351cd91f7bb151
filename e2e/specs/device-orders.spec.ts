import { deviceOrderApi } from '@swap/contracts';
import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { ListPage } from '../pages/list-page.js';
import { RecordDetailPage } from '../pages/detail-page.js';
import { Shell } from '../pages/shell.js';
import { apiRequest } from '../support/api.js';
import { createCustomer, createMerchant, createOrderFixture, unique } from '../support/factories.js';

describe('vehicle orders', () => {
  test('staff open a lease order by its address with its type and cancel it after the question, in Bahasa', async ({ page, baseURL }) => {
    const merchant = await createMerchant({ menuCodes: ['order.vehicle', 'customer.list'] });
    const fixture = await createOrderFixture(merchant.id, [unique('Mon'), unique('Long')]);
    const customer = await createCustomer(merchant.admin.token, {
      customerNumber: unique('C').toUpperCase(),
      givenName: 'Budi',
      familyName: 'Santoso',
      phone: `+62812${String(Date.now()).slice(-7)}`,
    });
    const order = await apiRequest(merchant.admin.token, deviceOrderApi.vehicle.add, {
      customerNumber: customer.customerNumber,
      deviceNumber: fixture.vehicleNumber,
      orderType: 'LEASE',
      cityId: fixture.cityId,
      source: 'MINI_PROGRAM',
    });
    expect(order).toMatchObject({ totalAmount: '800000.00', status: 'REGISTERED' });

    await new Shell(page).startSignedIn(merchant.admin.username, merchant.admin.password);
    await page.context().addCookies([{ name: 'language', value: 'in', url: baseURL }]);
    const list = new ListPage(page, '/order/vehicle/list');
    await list.open();
    await list.row(order.orderNo).getByText('Terdaftar').waitFor();
    await list.row(order.orderNo).getByRole('link', { name: order.orderNo }).click();
    await page.waitForURL(`**/order/vehicle/detail/${order.id}/LEASE`);
    const detail = new RecordDetailPage(page, '');
    await detail.heading().filter({ hasText: order.orderNo }).waitFor();
    await page.getByText('Sewa', { exact: true }).waitFor();
    await page.getByText(fixture.vehicleNumber, { exact: true }).waitFor();
    // An unpaid order has nothing to hand over yet.
    expect(await page.locator('.title-bar').getByRole('button', { name: 'Serahkan' }).count()).toBe(0);

    await page.locator('.title-bar').getByRole('button', { name: 'Batalkan pesanan' }).click();
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: 'Konfirmasi' }).click();
    await page.locator('.ant-descriptions').getByText('Dibatalkan').first().waitFor();
    await expect.poll(() => page.locator('.title-bar').getByRole('button', { name: 'Batalkan pesanan' }).count()).toBe(0);
    expect((await apiRequest(merchant.admin.token, deviceOrderApi.vehicle.detail, { id: order.id, type: 'LEASE' })).status).toBe(
      'CANCELLED',
    );

    // The same order under another type does not exist.
    const other = new RecordDetailPage(page, `/order/vehicle/detail/${order.id}/SALE`);
    await page.goto(`/order/vehicle/detail/${order.id}/SALE`);
    await other.notFound.waitFor();
    await checkA11y(page);
  });
});
