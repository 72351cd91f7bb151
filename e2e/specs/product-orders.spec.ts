import { paymentApi, productOrderApi, vehicleApi } from '@swap/contracts';
import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { FormDrawer, ListPage } from '../pages/list-page.js';
import { RecordDetailPage } from '../pages/detail-page.js';
import { Shell } from '../pages/shell.js';
import { apiRequest, apiToken } from '../support/api.js';
import { createCustomer, createMerchant, createOrderFixture, createProductOrder, unique } from '../support/factories.js';

describe('product orders', () => {
  test('staff switch an order’s plan and terminate it after the question, in Thai: the history keeps both plans, the vehicle is unbound', async ({
    page,
    baseURL,
  }) => {
    const merchant = await createMerchant({ menuCodes: ['order.product', 'customer.list'] });
    const [monthly, long] = [unique('Mon'), unique('Long')];
    const fixture = await createOrderFixture(merchant.id, [monthly, long]);
    const customer = await createCustomer(merchant.admin.token, {
      customerNumber: unique('C').toUpperCase(),
      givenName: 'Nattaya',
      familyName: 'Wongsa',
      phone: `+6681${String(Date.now()).slice(-7)}`,
    });
    const order = await createProductOrder(merchant.admin.token, {
      customerNumber: customer.customerNumber,
      productId: fixture.products[0]!.id,
    });
    await apiRequest(merchant.admin.token, productOrderApi.bindVehicle, { id: order.id, vehicleNumber: fixture.vehicleNumber });

    await new Shell(page).startSignedIn(merchant.admin.username, merchant.admin.password);
    await page.context().addCookies([{ name: 'language', value: 'th', url: baseURL }]);
    const list = new ListPage(page, '/order/product/list');
    await list.open();
    await list.columnHeader('สถานะคำสั่งซื้อ').waitFor();
    await list.row(order.orderNo).getByText('ลงทะเบียนแล้ว').waitFor();
    await list.row(order.orderNo).getByRole('link', { name: order.orderNo }).click();

    const detail = new RecordDetailPage(page, '');
    await detail.heading().filter({ hasText: order.orderNo }).waitFor();
    await page.getByText(fixture.vehicleNumber, { exact: true }).waitFor();

    // Switch plan: a product must be chosen; the history shows the old and the new one.
    await page.locator('.title-bar').getByRole('button', { name: 'เปลี่ยนแผน' }).click();
    const drawer = new FormDrawer(page);
    await drawer.locator.getByRole('button', { name: 'บันทึก', exact: true }).click();
    await expect.poll(() => drawer.field('ผลิตภัณฑ์ใหม่').getAttribute('aria-invalid')).toBe('true');
    await drawer.fill({ ผลิตภัณฑ์ใหม่: long });
    await drawer.locator.getByRole('button', { name: 'บันทึก', exact: true }).click();
    await drawer.locator.waitFor({ state: 'hidden' });
    const history = page.locator('.ant-card', { hasText: 'ประวัติการเปลี่ยนแผน' });
    await history.getByRole('row', { name: new RegExp(`${monthly} → ${long}`) }).waitFor();
    await history.getByRole('row', { name: /3 → 6/ }).waitFor();

    // Terminate asks first; cancelling leaves the order running.
    const terminate = page.locator('.title-bar').getByRole('button', { name: 'ยุติ' });
    await terminate.click();
    const question = page.locator('.ant-modal-confirm:visible');
    await question.getByText('ยุติคำสั่งซื้อนี้หรือไม่?', { exact: false }).waitFor();
    await question.getByRole('button', { name: 'ยกเลิก' }).click();
    await question.waitFor({ state: 'hidden' });
    await page.locator('.ant-descriptions').getByText('ลงทะเบียนแล้ว').first().waitFor();
    await terminate.click();
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: 'ยืนยัน' }).click();
    await page.locator('.ant-descriptions').getByText('ยุติแล้ว').waitFor();
    await expect.poll(() => page.getByText(fixture.vehicleNumber, { exact: true }).count()).toBe(0);
    // A terminated order takes no further step.
    await expect.poll(() => page.locator('.title-bar').getByRole('button', { name: 'เปลี่ยนแผน' }).count()).toBe(0);
    await expect.poll(() => terminate.count()).toBe(0);

    // The server agrees: the vehicle is bound to nobody, the order holds no vehicle, battery or combo.
    const vehicles = await apiRequest(await apiToken('admin'), vehicleApi.search, { number: fixture.vehicleNumber, current: 1, size: 1 });
    expect(vehicles.records[0]!.boundUserId).toBeNull();
    const terminated = await apiRequest(merchant.admin.token, productOrderApi.detail, { id: order.id });
    expect(terminated).toMatchObject({
      status: 'TERMINATED',
      customerStatus: 'CANCELLED',
      vehicleId: null,
      comboSwaps: null,
      productName: long,
    });

    await list.open();
    await list.search({ เลขที่คำสั่งซื้อ: order.orderNo });
    await list.row(order.orderNo).getByText('ยุติแล้ว').waitFor();
    await checkA11y(page);
  });

  test('"Request payment" is offered while an order owes and is gone once its last cycle is paid through the gateway', async ({ page }) => {
    const merchant = await createMerchant({ menuCodes: ['order.product', 'customer.list'] });
    const fixture = await createOrderFixture(merchant.id, [unique('Pay'), unique('Alt')]);
    const customer = await createCustomer(merchant.admin.token, {
      customerNumber: unique('C').toUpperCase(),
      givenName: 'Rudi',
      familyName: 'Hartono',
      phone: `+6282${String(Date.now()).slice(-7)}`,
    });
    // Three cycles: the first payment and the second cycle asked for through the API, the stand-in gateway paying each.
    const order = await createProductOrder(merchant.admin.token, {
      customerNumber: customer.customerNumber,
      productId: fixture.products[0]!.id,
    });
    const cyclesPaid = () =>
      expect.poll(async () => (await apiRequest(merchant.admin.token, productOrderApi.detail, { id: order.id })).currentCycle, {
        timeout: 20_000,
      });
    for (const cycle of [1, 2]) {
      await apiRequest(merchant.admin.token, paymentApi.start, { orderNo: order.orderNo });
      await cyclesPaid().toBe(cycle);
    }

    await new Shell(page).startSignedIn(merchant.admin.username, merchant.admin.password);
    const detail = new RecordDetailPage(page, `/order/product/detail/${order.id}`);
    await detail.open();
    await detail.heading().filter({ hasText: order.orderNo }).waitFor();
    const payments = page.locator('.ant-card', { hasText: 'Payments' });
    const request = payments.getByRole('button', { name: 'Request payment' });
    await request.click();
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Payment requested: ').waitFor();
    await cyclesPaid().toBe(3);

    // Paid in full: the page no longer offers the request, and lists the gateway's three reports.
    await page.reload();
    await detail.heading().filter({ hasText: order.orderNo }).waitFor();
    await payments
      .getByRole('row', { name: /Reported by the gateway/ })
      .nth(2)
      .waitFor();
    await expect.poll(() => request.count()).toBe(0);
  });
});
