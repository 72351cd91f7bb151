import { priceSettingApi, walletApi, walletOrderApi, walletSettingApi } from '@swap/contracts';
import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { chooseOption } from '../pages/antd.js';
import { FormDrawer, ListPage } from '../pages/list-page.js';
import { RecordDetailPage } from '../pages/detail-page.js';
import { Shell } from '../pages/shell.js';
import { apiRequest } from '../support/api.js';
import { createCity, createCustomer, createMerchant, setMerchantCurrency, unique } from '../support/factories.js';

describe('recharge orders', () => {
  test('staff place a recharge order in Thai: refused below the wallet set’s minimum, placed with an offer, marked paid (the wallet credited), then completed', async ({
    page,
    baseURL,
  }) => {
    const merchant = await createMerchant({
      menuCodes: ['order.wallet', 'order.wallet.set', 'order.wallet.bill', 'price.rechargeSetting', 'customer.list'],
    });
    const city = await createCity();
    const customer = unique('R').toUpperCase();
    await createCustomer(merchant.admin.token, {
      customerNumber: customer,
      givenName: 'Somchai',
      familyName: 'Dee',
      phone: `+66812${String(Date.now()).slice(-6)}`,
    });
    await apiRequest(merchant.admin.token, priceSettingApi.rechargeSetting.add, {
      cityId: city.id,
      enabled: true,
      paidAmount: '100000',
      giftAmount: '10000',
      marketingType: 'BONUS',
    });
    await apiRequest(merchant.admin.token, walletSettingApi.add, { minTopUp: '50000', marketingTypes: ['NONE', 'BONUS'] });

    await new Shell(page).startSignedIn(merchant.admin.username, merchant.admin.password);
    await page.context().addCookies([{ name: 'language', value: 'th', url: baseURL }]);
    const list = new ListPage(page, '/order/recharge/list');
    await list.open();

    // A plain amount below the minimum is refused in Thai, naming the minimum; nothing is placed.
    const drawer = await list.startAdd('สร้างคำสั่งเติมเงิน', { หมายเลขลูกค้า: customer, จำนวนที่ชำระ: '20000' });
    await chooseOption(page, drawer.locator, 'ช่องทาง', 'มินิโปรแกรม');
    await drawer.locator.getByRole('button', { name: 'บันทึก', exact: true }).click();
    await page
      .getByText(/การเติมเงินที่ผู้ค้านี้ต้องชำระอย่างน้อย 50000\.00/)
      .first()
      .waitFor();
    expect((await apiRequest(merchant.admin.token, walletOrderApi.recharge.search, { customerNumber: customer })).total).toBe(0);

    // With the offer instead of an amount, it is placed, registered.
    await drawer.field('จำนวนที่ชำระ').clear();
    await chooseOption(page, drawer.locator, 'ข้อเสนอการเติมเงิน', 'โบนัส');
    await drawer.locator.getByRole('button', { name: 'บันทึก', exact: true }).click();
    await drawer.locator.waitFor({ state: 'hidden' });
    const [order] = (await apiRequest(merchant.admin.token, walletOrderApi.recharge.search, { customerNumber: customer })).records;
    expect(order).toMatchObject({ paidAmount: '100000.00', giftAmount: '10000.00', status: 'REGISTERED', marketingType: 'BONUS' });
    await list.row(order!.orderNo).getByText('ลงทะเบียนแล้ว').waitFor();

    // Staff record the gateway's payment; the wallet holds the paid and gifted amounts.
    await list.action(order!.orderNo, 'บันทึกว่าชำระแล้ว', 'การดำเนินการเพิ่มเติม');
    const paying = page.locator('.ant-drawer:visible');
    await paying.getByLabel('ช่องทางชำระเงิน', { exact: true }).fill('XENDIT');
    await paying.getByLabel('รหัสธุรกรรม', { exact: true }).fill(`TX${order!.id}`);
    expect(await paying.getByLabel('จำนวนเงิน', { exact: true }).inputValue()).toBe('100000.00');
    await paying.getByRole('button', { name: 'บันทึก', exact: true }).click();
    await paying.waitFor({ state: 'hidden' });
    await list.row(order!.orderNo).getByText('ชำระแล้ว').waitFor();
    const bill = (await apiRequest(merchant.admin.token, walletApi.bill, { customerId: customer })).records;
    expect(bill.map((m) => [m.movementKind, m.amount, m.reference])).toEqual([
      ['GIFT', '10000.00', order!.orderNo],
      ['TOP_UP', '100000.00', order!.orderNo],
    ]);

    // Its page completes it after the question.
    await list.row(order!.orderNo).getByRole('link', { name: order!.orderNo }).click();
    await page.waitForURL(`**/order/recharge/detail/${order!.id}`);
    const detail = new RecordDetailPage(page, '');
    await detail.heading().filter({ hasText: order!.orderNo }).waitFor();
    await page.locator('.title-bar').getByRole('button', { name: 'ปิดคำสั่งซื้อ' }).click();
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: 'ยืนยัน' }).click();
    await page.locator('.ant-descriptions').getByText('เสร็จสิ้น').first().waitFor();
    expect((await apiRequest(merchant.admin.token, walletOrderApi.recharge.detail, { id: order!.id })).status).toBe('COMPLETED');
    await checkA11y(page);
  });

  test('platform staff marking a Thai merchant’s order paid see its amount in baht, the order’s currency, not their own', async ({
    page,
  }) => {
    const merchant = await createMerchant({ menuCodes: ['order.wallet', 'order.wallet.set', 'customer.list'] });
    await setMerchantCurrency(merchant, 'THB');
    const customer = unique('T').toUpperCase();
    await createCustomer(merchant.admin.token, {
      customerNumber: customer,
      givenName: 'Malee',
      familyName: 'Srisuk',
      phone: `+66813${String(Date.now()).slice(-6)}`,
    });
    await apiRequest(merchant.admin.token, walletSettingApi.add, { minTopUp: '100', marketingTypes: ['NONE'] });
    const order = await apiRequest(merchant.admin.token, walletOrderApi.recharge.add, {
      customerNumber: customer,
      paidAmount: '500',
      source: 'IOS',
    });
    expect(order.currency).toBe('THB');

    await new Shell(page).startSignedIn('admin');
    const list = new ListPage(page, '/order/recharge/list');
    await list.open();
    await list.search({ 'Order no.': order.orderNo });
    await list.action(order.orderNo, 'Mark paid', 'More actions');
    const paying = new FormDrawer(page);
    await paying.field('Amount').waitFor();
    expect(await paying.prefixOf('Amount')).toBe('฿');
    expect(await paying.field('Amount').inputValue()).toBe('500.00');
    await paying.fill({ 'Payment gateway': 'XENDIT', 'Transaction ID': `TX${order.id}` });
    await paying.saveAndClose();
    await list.row(order.orderNo).getByText('Paid', { exact: true }).waitFor();
  });
});
