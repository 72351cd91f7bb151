import { describe, expect, test } from '../support/fixtures.js';
import { sessionApi } from '@swap/contracts';
import { checkA11y } from '../support/a11y.js';
import { FormDrawer } from '../pages/list-page.js';
import { LoginPage } from '../pages/login-page.js';
import { RecordDetailPage } from '../pages/detail-page.js';
import { Shell } from '../pages/shell.js';
import { SignUpPage } from '../pages/sign-up-page.js';
import { apiAnswer } from '../support/api.js';
import { newContext } from '../support/browser.js';
import { FACTORY_PASSWORD, applyForMerchant, createMerchant, createPlatformStaff, unique } from '../support/factories.js';

const EN_LABELS = {
  company: 'Company name',
  person: 'Person in charge',
  contact: 'Contact phone',
  email: 'Email',
  address: 'Office address',
  username: "Administrator's username",
  password: "Administrator's password",
  front: 'ID card front',
  back: 'ID card back',
  face: 'Face photo',
};

describe('sign-up, review and the session’s way back', () => {
  test('a company applies, is not activated until the administrator approves, then signs in', async ({ page, browser, baseURL }) => {
    const company = unique('Co ');
    const username = unique('apply.').toLowerCase();
    const login = new LoginPage(page);
    await login.open();
    await page.getByRole('link', { name: 'Apply to become a merchant' }).click();
    const signUp = new SignUpPage(page);
    await signUp.waitUntilShown();
    // The form's rules are the contracts': nothing is sent while a field is wrong.
    await signUp.submit('Send application');
    await page.getByText('Company name is required').waitFor();
    // Each message is tied to its field, and the focus goes to the first field wrong.
    await expect.poll(() => page.getByLabel('Company name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sign-up-name');
    await signUp.item(EN_LABELS.front).getByText('ID card front is required').waitFor();
    // Plain markup: labelled fields and announced messages.
    await checkA11y(page);
    // A document that is not an image is refused at its field, before anything is sent.
    await signUp.choose(EN_LABELS.front, { name: 'front.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await signUp.item(EN_LABELS.front).getByText('Only JPEG, PNG or WebP images are allowed').waitFor();
    await signUp.fill(
      {
        company,
        person: 'Ayu Lestari',
        contact: `+62 812 ${String(Date.now()).slice(-7)}`,
        email: `${username}@example.test`,
        address: 'Jl. Thamrin 9, Jakarta',
        username,
        password: FACTORY_PASSWORD,
      },
      EN_LABELS,
    );
    await signUp.submit('Send application');
    await page.getByRole('heading', { name: 'Application sent' }).waitFor();

    await page.getByRole('button', { name: 'Back to sign-in' }).click();
    await login.waitUntilShown();
    await login.signIn(username, FACTORY_PASSWORD);
    await page.locator('.login-result').getByText('Account is not activated').waitFor();

    // The platform administrator reviews it in another browser.
    const context = await newContext(browser, { baseURL });
    try {
      const admin = await context.newPage();
      await new Shell(admin).signIn('admin');
      await admin.goto('/system/merchant-application/list');
      const row = admin.getByRole('row').filter({ hasText: company });
      await row.getByText('Waiting for review').waitFor();
      await row.getByRole('link').first().click();
      const detail = new RecordDetailPage(admin, '');
      await detail.heading().filter({ hasText: company }).waitFor();
      // The documents show once fetched; the applicant's mail is in the details.
      await admin.getByRole('img', { name: 'ID card front' }).waitFor();
      expect(await admin.getByRole('img', { name: 'ID card front' }).count()).toBe(1);
      await admin.getByText(`${username}@example.test`, { exact: true }).waitFor();
      await admin.getByRole('button', { name: 'Approve' }).click();
      await admin.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await admin.getByText('Approved', { exact: true }).waitFor();
      await admin.getByRole('link', { name: 'Open the merchant' }).waitFor();
    } finally {
      await context.close();
    }

    await login.signIn(username, FACTORY_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  test('in Bahasa: a rejected applicant reads the reason when signing in', async ({ page, baseURL }) => {
    const application = await applyForMerchant();
    await new Shell(page).startSignedIn('admin');
    await page.context().addCookies([{ name: 'language', value: 'in', url: baseURL }]);
    await page.goto(`/system/merchant-application/detail/${application.id}`);
    await page.getByRole('button', { name: 'Tolak' }).click();
    const drawer = new FormDrawer(page);
    await drawer.field('Alasan').fill('Foto KTP tidak terbaca');
    await drawer.locator.getByRole('button', { name: 'Tolak' }).click();
    await page.getByText('Ditolak', { exact: true }).first().waitFor();

    const answer = await apiAnswer(null, sessionApi.signIn, { username: application.username, password: FACTORY_PASSWORD });
    expect(answer.code).toBe(2033);
    await page.getByTitle(/Menu pengguna|User menu/).click();
    await page.getByRole('menuitem').last().click();
    await page.waitForURL((url) => url.pathname === '/session/login');
    await page.getByLabel('Nama pengguna', { exact: true }).fill(application.username);
    await page.getByLabel('Kata sandi', { exact: true }).fill(FACTORY_PASSWORD);
    await page.getByRole('button', { name: 'Masuk' }).click();
    await page.locator('.login-result').getByText('Pengajuan merchant Anda ditolak: Foto KTP tidak terbaca').waitFor();
  });

  test('after "Login expired" the user signs in again and is back on the page; a page not granted is refused in the shell', async ({
    page,
  }) => {
    const { admin } = await createMerchant();
    const shell = new Shell(page);
    await shell.signIn(admin.username, admin.password);
    await page.goto('/system/admin/list?current=1');
    await page.getByRole('table').waitFor();
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    expect((await apiAnswer(token, sessionApi.signOut, undefined)).code).toBe(1);

    await page.reload();
    await page.getByRole('dialog').getByText('Login expired, please login again').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    const login = new LoginPage(page);
    await login.waitUntilShown();
    expect(login.currentPath()).toBe(`/session/login?redirect=${encodeURIComponent('/system/admin/list?current=1')}`);
    await login.signIn(admin.username, admin.password);
    await page.waitForURL((url) => url.pathname === '/system/admin/list');

    // A merchant administrator may not review applications: refused inside the shell, the address kept.
    await page.goto('/system/merchant-application/list');
    await page.getByRole('heading', { name: 'NO PERMISSION' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/system/merchant-application/list');
    await expect.poll(() => shell.nav.isVisible()).toBe(true);
    // Opened by its address, the refusal offers the dashboard (Back when the user came from another page).
    await page.getByRole('button', { name: 'Go to the dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    // The audit log is for super administrators only: platform staff granted it are refused the same way.
    const staff = await createPlatformStaff(['admin.auditLog']);
    await page.evaluate(() => window.localStorage.clear());
    await shell.signIn(staff.username, staff.password);
    await page.goto('/system/audit-log');
    await page.getByRole('heading', { name: 'NO PERMISSION' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/system/audit-log');
  });
});
