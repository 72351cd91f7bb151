import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { FormDrawer, ListPage } from '../pages/list-page.js';
import { RecordDetailPage } from '../pages/detail-page.js';
import { Shell } from '../pages/shell.js';
import { createBatteries, createCustomer, createMerchant } from '../support/factories.js';

const stamp = Date.now().toString(36).toUpperCase();

describe('asset applications', () => {
  test('staff register a replacement for a customer and take it through audit, handling and completion, in Bahasa', async ({
    page,
    baseURL,
  }) => {
    const merchant = await createMerchant({ menuCodes: ['application.list', 'operation.battery', 'customer.list'] });
    const [faulty, given] = await createBatteries(2, merchant.admin.token);
    const customer = `C${stamp}`;
    await createCustomer(merchant.admin.token, {
      customerNumber: customer,
      givenName: 'Ayu',
      familyName: 'Lestari',
      phone: '+6281100000001',
    });
    await new Shell(page).startSignedIn(merchant.admin.username, merchant.admin.password);
    await page.context().addCookies([{ name: 'language', value: 'in', url: baseURL }]);
    const list = new ListPage(page, '/operation-center/application/list');
    await list.open();
    await list.columnHeader('Status pengajuan').waitFor();

    await page.getByRole('button', { name: 'Daftarkan pengajuan' }).click();
    const form = new FormDrawer(page);
    await form.fill({ 'Jenis pengajuan': 'Penggantian', 'ID pelanggan': customer, Alasan: 'Baterai tidak mengisi daya' });
    await form.field('Perangkat').fill(faulty!);
    await form.field('Perangkat').press('Enter');
    await form.locator.getByRole('button', { name: 'Simpan', exact: true }).click();

    // Saved: the application's page, under audit, with its first step in the history.
    const detail = new RecordDetailPage(page, '');
    await detail.heading().filter({ hasText: 'Pengajuan #' }).waitFor();
    const history = page.locator('.ant-card', { hasText: 'Riwayat' });
    await history
      .getByRole('row', { name: /Didaftarkan/ })
      .getByText('Dalam audit')
      .waitFor();
    await page.getByText(faulty!, { exact: true }).waitFor();

    const step = async (to: string, remark: string, exchange?: string) => {
      await page.locator('.title-bar').getByRole('button', { name: 'Proses' }).click();
      const drawer = new FormDrawer(page);
      await drawer.fill({ Ke: to, Catatan: remark });
      if (exchange) {
        await drawer.field('Perangkat pengganti').fill(exchange);
        await drawer.field('Perangkat pengganti').press('Enter');
      }
      await drawer.locator.getByRole('button', { name: 'Simpan', exact: true }).click();
      await drawer.locator.waitFor({ state: 'hidden' });
      await history
        .getByRole('row', { name: new RegExp(remark) })
        .getByText(to)
        .waitFor();
    };
    await step('Diproses', 'Diambil di Sudirman');
    await step('Selesai', 'Ditukar di loket', given);

    expect(await history.getByRole('row').count()).toBe(4); // the header and three steps
    await page.getByText(given!, { exact: true }).waitFor();
    // A completed application takes no further step.
    await expect.poll(() => page.locator('.title-bar').getByRole('button', { name: 'Proses' }).count()).toBe(0);

    await list.open();
    await list.search({ 'ID pelanggan': customer });
    await list.row(customer).getByText('Selesai').waitFor();
    await checkA11y(page);
  });
});
