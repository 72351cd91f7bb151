import { customerApi } from '@swap/contracts';
import { checkA11y } from '../support/a11y.js';
import { apiRequest } from '../support/api.js';
import { describe, expect, test } from '../support/fixtures.js';
import { FormDrawer, ListPage } from '../pages/list-page.js';
import { CustomerDetailPage, choosePhoto } from '../pages/customer-pages.js';
import { Shell } from '../pages/shell.js';
import { createCustomer, createMerchant } from '../support/factories.js';

const stamp = Date.now().toString(36).toUpperCase();
// A 1×1 PNG: the server checks the bytes, not the name.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('customers and identity audits', () => {
  test('staff find a customer, send its identity with a photo, pass the audit and see the customer approved, in Thai', async ({
    page,
    baseURL,
  }) => {
    const merchant = await createMerchant({ menuCodes: ['customer.list', 'customer.authentication'] });
    const number = `C${stamp}`;
    const customer = await createCustomer(merchant.admin.token, {
      customerNumber: number,
      givenName: 'Somchai',
      familyName: 'Wongsa',
      phone: '+66812345678',
    });
    // Another customer of the merchant the search must leave out.
    await createCustomer(merchant.admin.token, {
      customerNumber: `D${stamp}`,
      givenName: 'Malee',
      familyName: 'Saetang',
      phone: '+66812345679',
    });
    await new Shell(page).startSignedIn(merchant.admin.username, merchant.admin.password);
    await page.context().addCookies([{ name: 'language', value: 'th', url: baseURL }]);

    // Find the customer by number and open its page.
    const list = new ListPage(page, '/user/list');
    await list.open();
    await list.search({ หมายเลขลูกค้า: number });
    await expect.poll(() => list.rows().count()).toBe(1);
    await list.row(number).getByRole('link', { name: number }).click();
    const detail = new CustomerDetailPage(page);
    await detail
      .heading()
      .filter({ hasText: `ลูกค้า ${number}` })
      .waitFor();
    await detail.value('การยืนยันตัวตน').getByText('ยังไม่ยืนยัน').waitFor();

    // Send the identity on the customer's behalf: a passport and its face photo.
    const form = await detail.openAction('ส่งข้อมูลยืนยันตัวตน');
    await form.fill({ ประเภทเอกสาร: 'หนังสือเดินทาง', เลขที่เอกสาร: 'TH123456' });
    await choosePhoto(form, 'รูปใบหน้า', { name: 'face.png', mimeType: 'image/png', buffer: PNG });
    await form.locator.getByRole('button', { name: 'บันทึก', exact: true }).click();
    await form.locator.waitFor({ state: 'hidden' });
    await detail.value('การยืนยันตัวตน').getByText('รอตรวจสอบ').waitFor();
    await detail
      .card('คำขอยืนยันตัวตน')
      .getByRole('row', { name: /รอตรวจสอบ/ })
      .waitFor();

    // The audit list, opened from the card for this customer: review shows the photo, then pass.
    await detail.card('คำขอยืนยันตัวตน').getByRole('link', { name: 'ตรวจสอบตัวตน' }).click();
    const audits = new ListPage(page, '/user/auditList');
    await audits.row(number).getByText('รอตรวจสอบ').waitFor();
    expect(await audits.rows().count()).toBe(1);
    await audits.action(number, 'ตรวจสอบ');
    const decision = new FormDrawer(page);
    await decision.locator.getByRole('img', { name: 'รูปใบหน้า' }).waitFor();
    await decision.locator.getByText('TH123456').waitFor();
    await decision.fill({ สถานะการตรวจสอบ: 'ผ่าน' });
    await decision.locator.getByRole('button', { name: 'บันทึก', exact: true }).click();
    await decision.locator.waitFor({ state: 'hidden' });
    await audits.row(number).getByText('ผ่าน', { exact: true }).waitFor();

    // The customer follows: approved, with the passport's type and number.
    await audits.row(number).getByRole('link', { name: number }).click();
    await detail
      .heading()
      .filter({ hasText: `ลูกค้า ${number}` })
      .waitFor();
    await detail.value('การยืนยันตัวตน').getByText('อนุมัติแล้ว').waitFor();
    await detail.value('เลขที่เอกสาร').getByText('TH123456').waitFor();
    await detail.value('ประเภทเอกสาร').getByText('หนังสือเดินทาง').waitFor();
    // Approved: no second identity to send.
    expect(await page.locator('.title-bar').getByRole('button', { name: 'ส่งข้อมูลยืนยันตัวตน' }).count()).toBe(0);
    const stored = await apiRequest(merchant.admin.token, customerApi.detail, { id: customer.id });
    expect(stored).toMatchObject({ authStatus: 'APPROVED', certificateType: 'PASSPORT', certificateNumber: 'TH123456' });
    await checkA11y(page);
  });
});
