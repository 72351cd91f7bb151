import { swapOrderApi, walletApi } from '@swap/contracts';
import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { ListPage } from '../pages/list-page.js';
import { RecordDetailPage } from '../pages/detail-page.js';
import { Shell } from '../pages/shell.js';
import { apiRequest } from '../support/api.js';
import { createCustomer, createMerchant, unique } from '../support/factories.js';
import { chargedSwap } from '../support/fleet.js';

describe('transfer orders', () => {
  test('a cabinet’s swap makes an order that links to its swap record and back; paid from the wallet, staff refund it; staff cancel an unpaid one, in Chinese', async ({
    page,
    baseURL,
  }) => {
    const merchant = await createMerchant({
      menuCodes: ['order.transfer', 'order.kwh', 'record.swap', 'customer.list', 'order.wallet.bill'],
    });
    const customer = await createCustomer(merchant.admin.token, {
      customerNumber: unique('C').toUpperCase(),
      givenName: 'Wei',
      familyName: 'Chen',
      phone: `+66812${String(Date.now()).slice(-7)}`,
    });
    const order = await chargedSwap(merchant, customer.customerNumber, '5000');
    expect(order).toMatchObject({ kind: 'transfer', status: 'REGISTERED', amount: '5000.00', customerNumber: customer.customerNumber });
    // A second swap while the wallet is empty: an unpaid order, cancelled below.
    const unpaid = await chargedSwap(merchant, customer.customerNumber, '5000');
    expect(unpaid.status).toBe('REGISTERED');

    await new Shell(page).startSignedIn(merchant.admin.username, merchant.admin.password);
    await page.context().addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
    const list = new ListPage(page, '/order/transfer/list');
    await list.open();
    await page.getByRole('heading', { name: '换电订单', level: 1 }).waitFor();
    await list.row(order.orderNo).getByText('已登记').waitFor();
    await checkA11y(page);
    await list.row(order.orderNo).getByRole('link', { name: order.orderNo }).click();
    await page.waitForURL(`**/order/transfer/detail/${order.id}`);
    const detail = new RecordDetailPage(page, '');
    await detail.heading().filter({ hasText: order.orderNo }).waitFor();
    await page.getByText(customer.customerNumber, { exact: true }).waitFor();

    // The order names its swap record; the swap record names the order back.
    await page.getByRole('link', { name: `换电记录 ${order.swapId}` }).click();
    await page.waitForURL(`**/business/transfer/detail/${order.swapId}`);
    await page.getByRole('heading', { name: `换电记录 ${order.swapId}`, level: 1 }).waitFor();
    await page.getByRole('link', { name: order.orderNo }).click();
    await page.waitForURL(`**/order/transfer/detail/${order.id}`);

    // Unpaid: it may be cancelled or collected, not refunded. The customer pays at the counter and the wallet pays the order.
    const titleBar = page.locator('.title-bar');
    await titleBar.getByRole('button', { name: '取消订单' }).waitFor();
    expect(await titleBar.getByRole('button', { name: '退款至钱包' }).count()).toBe(0);
    await apiRequest(merchant.admin.token, walletApi.adjust, { customerId: customer.customerNumber, amount: '5000', remark: 'Cash' });
    await titleBar.getByRole('button', { name: '从钱包收取' }).click();
    await page
      .locator('.ant-modal-confirm:visible')
      .getByRole('button', { name: /^确\s?认$/ })
      .click();
    await page.locator('.ant-descriptions').getByText('已支付').first().waitFor();
    expect(await titleBar.getByRole('button', { name: '取消订单' }).count()).toBe(0);

    // A charge found wrong goes back to the wallet: refunded, no step left.
    await titleBar.getByRole('button', { name: '退款至钱包' }).click();
    await page
      .locator('.ant-modal-confirm:visible')
      .getByRole('button', { name: /^确\s?认$/ })
      .click();
    await page.locator('.ant-descriptions').getByText('已退款').first().waitFor();
    await expect.poll(() => titleBar.getByRole('button', { name: '退款至钱包' }).count()).toBe(0);
    expect((await apiRequest(merchant.admin.token, swapOrderApi.transfer.detail, { id: order.id })).status).toBe('REFUNDED');
    const bill = (await apiRequest(merchant.admin.token, walletApi.bill, { customerId: customer.customerNumber })).records;
    expect(bill[0]).toMatchObject({ movementKind: 'REFUND', reference: order.orderNo, amount: '5000.00', balanceAfter: '5000.00' });

    // Staff waive the unpaid order's charge: cancelled, no step left, nothing taken from the wallet.
    await page.goto(`/order/transfer/detail/${unpaid.id}`);
    await detail.heading().filter({ hasText: unpaid.orderNo }).waitFor();
    await titleBar.getByRole('button', { name: '取消订单' }).click();
    await page
      .locator('.ant-modal-confirm:visible')
      .getByRole('button', { name: /^确\s?认$/ })
      .click();
    await page.locator('.ant-descriptions').getByText('已取消').first().waitFor();
    await expect.poll(() => titleBar.getByRole('button', { name: '取消订单' }).count()).toBe(0);
    expect((await apiRequest(merchant.admin.token, swapOrderApi.transfer.detail, { id: unpaid.id })).status).toBe('CANCELLED');
    expect((await apiRequest(merchant.admin.token, walletApi.bill, { customerId: customer.customerNumber })).records[0]).toMatchObject({
      movementKind: 'REFUND',
      balanceAfter: '5000.00',
    });

    // The same order is no energy order.
    await page.goto(`/order/kwh/detail/${order.id}`);
    await new RecordDetailPage(page, '').notFound.waitFor();
    await checkA11y(page);
  });
});
