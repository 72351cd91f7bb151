import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { ListPage } from '../pages/list-page.js';
import { Shell } from '../pages/shell.js';
import { notificationApi } from '@swap/contracts';
import { apiRequest, apiToken } from '../support/api.js';
import { createMerchant } from '../support/factories.js';

const stamp = Date.now().toString(36).toUpperCase();
const PATH = '/operation/noti/notificati';
const NOTIFICATIONS = 'message.updateMessage';
const notice = (title: string, countryCode: 'ID' | 'TH') => ({ title, description: `${title}: stations stay open.`, countryCode });

describe('notifications', () => {
  test('add with the form’s checks, find, edit and remove with a confirmation', async ({ page }) => {
    const thai = `Songkran hours ${stamp}`;
    await apiRequest(await apiToken('admin'), notificationApi.add, notice(thai, 'TH'));
    await new Shell(page).startSignedIn('admin');
    const list = new ListPage(page, PATH);
    await list.open();
    await list.row(thai).waitFor();

    const title = `E2E notice ${stamp}`;
    // Nothing filled: both texts are required; the fields stop at 100 and 1000 characters.
    const drawer = await list.startAdd('Add notification');
    await drawer.save();
    await drawer.shows('Title is required');
    await drawer.shows('Description is required');
    await drawer.fill({ Title: 'x'.repeat(120) });
    expect(await drawer.field('Title').inputValue()).toHaveLength(100);
    await drawer.fill({ Title: title, Description: 'Cabinets in Bandung restart at 03:00.', Country: 'Indonesia (ID)' });
    await drawer.saveAndClose();
    await list.row(title).waitFor();

    await list.search({ Title: title });
    await expect.poll(() => list.rows().count(), { timeout: 15_000 }).toBe(1);
    await list.search({ Title: '', Country: 'Thailand (TH)' });
    await list.row(thai).waitFor();
    expect(await list.row(title).count()).toBe(0);
    await list.open();

    await list.edit(title, { Title: `${title} (moved)`, Country: 'Malaysia (MY)' });
    await list.row(`${title} (moved)`).getByText('Malaysia (MY)').waitFor();

    await list.remove(`${title} (moved)`, 'Cancel');
    expect(await list.row(`${title} (moved)`).count()).toBe(1);
    await list.remove(`${title} (moved)`, 'Confirm');
    await list.row(`${title} (moved)`).waitFor({ state: 'detached' });
    // Last: the check stops animations, which would keep the next dropdown from opening.
    await checkA11y(page);
  });

  test('a merchant sees only its own notifications, in Bahasa', async ({ page, baseURL }) => {
    // One notification each of the merchant, of another merchant and of the platform.
    const [merchant, other] = [await createMerchant({ menuCodes: [NOTIFICATIONS] }), await createMerchant({ menuCodes: [NOTIFICATIONS] })];
    const [own, others, platform] = [`Ramadan hours ${stamp}`, `Lebaran hours ${stamp}`, `App version ${stamp}`];
    await apiRequest(merchant.admin.token, notificationApi.add, notice(own, 'ID'));
    await apiRequest(other.admin.token, notificationApi.add, notice(others, 'TH'));
    await apiRequest(await apiToken('admin'), notificationApi.add, notice(platform, 'ID'));

    await new Shell(page).signIn(merchant.admin.username, merchant.admin.password);
    await page.context().addCookies([{ name: 'language', value: 'in', url: baseURL }]);
    const list = new ListPage(page, PATH);
    await list.open();
    await list.row(own).waitFor();
    await list.columnHeader('Judul').waitFor();
    await list.row(own).getByText('Indonesia (ID)').waitFor();
    expect(await list.rows().count()).toBe(1);
    expect(await list.row(others).count()).toBe(0);
    expect(await list.row(platform).count()).toBe(0);
    await checkA11y(page);
  });
});
