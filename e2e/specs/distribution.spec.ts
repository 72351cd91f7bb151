import { distributionApi, stationApi } from '@swap/contracts';
import { checkA11y } from '../support/a11y.js';
import { apiRequest, apiToken } from '../support/api.js';
import { describe, expect, test } from '../support/fixtures.js';
import { FormDrawer, ListPage } from '../pages/list-page.js';
import { Shell } from '../pages/shell.js';
import { createBatteries, createMerchant, unique } from '../support/factories.js';

describe('distribution', () => {
  test('a merchant checks a batch of batteries, sees the refused one with its reason, distributes the ready ones to a station and recalls one, in Thai', async ({
    page,
    baseURL,
  }) => {
    // No station menu: the drawer's stations come with the distribution permission alone.
    const merchant = await createMerchant({ menuCodes: ['allocation.battery', 'operation.battery'] });
    const [first, second, third, assigned] = await createBatteries(4, merchant.admin.token);
    const stationName = unique('Sukhumvit ');
    const station = await apiRequest(await apiToken('admin'), stationApi.SWAP.add, {
      merchantId: merchant.id,
      name: stationName,
      nature: 'SELF_OPERATED',
      address: 'Sukhumvit 21, Bangkok',
      latitude: 13.74,
      longitude: 100.56,
      responsiblePerson: 'Somchai',
      status: 'DEPLOYED',
    });
    // One pack already stands in the station: distributing it again is refused until it is recalled.
    await apiRequest(merchant.admin.token, distributionApi.battery.distribute, { numbers: [assigned!], stationId: station.id });

    await new Shell(page).startSignedIn(merchant.admin.username, merchant.admin.password);
    await page.context().addCookies([{ name: 'language', value: 'th', url: baseURL }]);
    const list = new ListPage(page, '/distribution/battery');
    await list.open();
    await list.row(assigned!).waitFor();

    await page.locator('.title-bar').getByRole('button', { name: 'จัดสรร' }).click();
    const drawer = new FormDrawer(page);
    await drawer.fill({ สถานี: stationName, หมายเหตุ: 'เปิดสถานี' });
    // A number too long for any device: the server names its place, told under the numbers.
    await drawer.field('หมายเลข').fill([first, 'P'.repeat(65)].join('\n'));
    await drawer.locator.getByRole('button', { name: 'ตรวจสอบ', exact: true }).click();
    await expect.poll(() => drawer.fieldError('หมายเลข')).toBe('หมายเลขลำดับที่ 2 ในรายการ: หมายเลขยาวเกินไป');
    await drawer.field('หมายเลข').fill([first, second, third, assigned].join('\n'));
    await drawer.locator.getByRole('button', { name: 'ตรวจสอบ', exact: true }).click();

    // The check: three ready, the pack already in a station refused with its reason in Thai.
    await drawer.shows('ตรวจสอบ 4 รายการ: พร้อม 3, ถูกปฏิเสธ 1');
    const result = drawer.locator.locator('.ant-table');
    const refused = result.getByRole('row', { name: new RegExp(assigned!) });
    await refused.getByText('ถูกปฏิเสธ').waitFor();
    await refused.getByText('จัดสรรซ้ำ').waitFor();
    expect(await result.getByRole('row').filter({ hasText: 'พร้อม' }).count()).toBe(3);

    await drawer.locator.getByRole('button', { name: 'จัดสรร 3 รายการที่พร้อม' }).click();
    await drawer.locator.waitFor({ state: 'hidden' });

    // The history: each distributed pack, to the merchant's station, with the remark.
    for (const number of [first!, second!, third!]) {
      const row = list.row(number);
      await row.getByText(stationName).waitFor();
      await row.getByText('เปิดสถานี').waitFor();
    }

    // Recall one, after the question.
    await list.action(first!, 'เรียกคืน');
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: 'ยืนยัน' }).click();
    const recalled = list
      .rows()
      .filter({ hasText: first! })
      .filter({ has: page.locator('.ant-tag', { hasText: 'เรียกคืน' }) });
    await recalled.getByText(stationName).waitFor();
    await expect.poll(() => list.rows().filter({ hasText: first! }).count()).toBe(2);
    await checkA11y(page);
  });
});
