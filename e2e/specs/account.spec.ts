import { accountApi, menuApi, profileApi, roleApi, sessionApi } from '@swap/contracts';
import { describe, expect, test } from '../support/fixtures.js';
import { apiAnswer, apiRequest } from '../support/api.js';
import { createMerchant, createRole, createSubAccount, unique, type Merchant } from '../support/factories.js';
import { resetTokenOf } from '../../apps/server/src/test/smtp-receiver.js';
import { mailTo } from '../support/mailbox.js';
import { newContext } from '../support/browser.js';
import { Shell } from '../pages/shell.js';
import { LoginPage } from '../pages/login-page.js';
import { ForgotPasswordPage, ProfilePage, ResetPasswordPage } from '../pages/account-pages.js';
import { FormDrawer, ListPage } from '../pages/list-page.js';

/** A merchant administrator with an email on its profile, where recovery mails go. */
async function ownerWithEmail(): Promise<{ merchant: Merchant; email: string }> {
  const merchant = await createMerchant();
  const email = `${unique('owner')}@example.test`;
  await apiRequest(merchant.admin.token, profileApi.edit, { name: 'Owner', email });
  return { merchant, email };
}

describe('password recovery by mail', () => {
  // The mail goes to the run's one mailbox (support/mailbox.ts), which no spec changes.
  const languages = [
    {
      cookie: 'en',
      forgot: 'Forgot password?',
      account: 'Username, phone or email',
      send: 'Send the link',
      sent: 'If that names an account, a mail with a link is on its way',
      labels: { password: 'New password', again: 'New password again', save: 'Set the password' },
      done: 'Your password is set. Sign in with it.',
      used: 'This password reset link has already been used: ask for a new one',
      signIn: 'Sign in',
    },
    {
      cookie: 'in',
      forgot: 'Lupa kata sandi?',
      account: 'Nama pengguna, telepon, atau email',
      send: 'Kirim tautan',
      sent: 'Jika itu milik sebuah akun, email berisi tautan sedang dikirim',
      labels: { password: 'Kata sandi baru', again: 'Ulangi kata sandi baru', save: 'Atur kata sandi' },
      done: 'Kata sandi Anda sudah diatur. Silakan masuk dengannya.',
      used: 'Tautan atur ulang kata sandi ini sudah digunakan: minta tautan baru',
      signIn: null,
    },
  ] as const;

  for (const words of languages) {
    test(`forgot → mail → reset → sign in (${words.cookie})`, async ({ page, baseURL }) => {
      const { merchant, email } = await ownerWithEmail();
      await page.context().addCookies([{ name: 'language', value: words.cookie, url: baseURL }]);
      const login = new LoginPage(page);
      await page.goto(login.path);
      await page.getByRole('link', { name: words.forgot }).click();
      const forgot = new ForgotPasswordPage(page);
      await forgot.waitUntilShown();
      await forgot.ask(words.account, merchant.admin.username, words.send);
      await forgot.status().getByText(words.sent).waitFor();

      const link = resetTokenOf(await mailTo(email)).path;
      await page.goto(link);
      const reset = new ResetPasswordPage(page);
      await reset.waitUntilShown();
      const password = `Harbour-Lantern-${words.cookie}47`;
      await reset.setPassword(words.labels, password);
      await page.getByRole('status').getByText(words.done).waitFor();
      // The old session ended with the reset.
      expect((await apiAnswer(merchant.admin.token, menuApi.levels, undefined)).code).toBe(405);

      // The link worked once.
      await page.goto(link);
      await reset.setPassword(words.labels, `${password}x`);
      await page.getByRole('alert').getByText(words.used).waitFor();

      if (words.signIn) {
        await login.open();
        await login.signIn(merchant.admin.username, password);
        await page.waitForURL((url) => url.pathname === '/dashboard');
      }
    });
  }
});

describe("one's own account", () => {
  test('the time zone chosen on the profile changes every date shown', async ({ browser, baseURL }) => {
    const merchant = await createMerchant();
    const context = await newContext(browser, { baseURL, timezoneId: 'UTC' });
    try {
      const page = await context.newPage();
      const shell = new Shell(page);
      await shell.signIn(merchant.admin.username, merchant.admin.password);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      const profile = new ProfilePage(page);
      await profile.openFromUserMenu();
      const lastSignIn = profile.value('Last sign-in');
      await expect.poll(() => lastSignIn.innerText()).toMatch(/ UTC$/);
      const before = await lastSignIn.innerText();

      // The zones are offered by their canonical names (Chromium itself still answers Asia/Calcutta).
      expect(await profile.timeZoneOptions('Calcutta')).toEqual([]);
      await profile.chooseTimeZone('Asia/Kolkata');
      await expect.poll(() => lastSignIn.innerText()).toMatch(/ UTC\+5:30$/);
      expect(await lastSignIn.innerText()).not.toBe(before);
      // Kept for the next visit, and for the account's lists too.
      await page.reload();
      await profile.waitUntilShown();
      await expect.poll(() => profile.value('Last sign-in').innerText()).toMatch(/ UTC\+5:30$/);
    } finally {
      await context.close();
    }
  });

  test('"verify my mail" mails a link to the profile’s address; opened signed out, it verifies the mail after sign-in', async ({
    page,
  }) => {
    const { merchant, email } = await ownerWithEmail();
    const shell = new Shell(page);
    await shell.signIn(merchant.admin.username, merchant.admin.password);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const profile = new ProfilePage(page);
    await profile.openFromUserMenu();
    await profile.value('Email').getByText('Not verified').waitFor();
    await profile.value('Email').getByRole('button', { name: 'Verify my mail' }).click();
    await page.getByText(`A verification link was mailed to ${email}`).waitFor();

    const link = /\S+(\/profile\?verifyMail=[A-Za-z0-9_-]+)/.exec((await mailTo(email)).text)?.[1];
    expect(link).toBeTruthy();
    // Opened signed out: the sign-in page brings the user back to the link, which then verifies.
    await shell.signOut();
    await page.goto(link!);
    const login = new LoginPage(page);
    await login.waitUntilShown();
    await login.signIn(merchant.admin.username, merchant.admin.password);
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByText(`Your email ${email} is verified`).waitFor();
    await profile.value('Email').getByText('Verified', { exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe('');
  });

  test('"sign out everywhere else" ends the session of another browser, this one stays', async ({ page, browser, baseURL }) => {
    const merchant = await createMerchant();
    const other = await newContext(browser, { baseURL });
    try {
      const otherPage = await other.newPage();
      await new Shell(otherPage).signIn(merchant.admin.username, merchant.admin.password);
      await otherPage.waitForURL((url) => url.pathname === '/dashboard');

      await new Shell(page).signIn(merchant.admin.username, merchant.admin.password);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      const profile = new ProfilePage(page);
      await profile.openFromUserMenu();
      await expect.poll(() => profile.sessionRows().count()).toBeGreaterThanOrEqual(3);
      await profile.sessionRows().filter({ hasText: 'This session' }).waitFor();

      await profile.signOutEverywhereElse();
      await expect.poll(() => profile.sessionRows().count()).toBe(1);
      await profile.sessionRows().filter({ hasText: 'This session' }).waitFor();

      await otherPage.goto('/system/admin/list');
      await otherPage.getByRole('dialog').getByText('Login expired, please login again').waitFor();
      await page.reload();
      await profile.waitUntilShown();
    } finally {
      await other.close();
    }
  });
});

describe('System centre → Accounts', () => {
  test("an administrator sets a staff account's mail: a bad address is refused, the good one shows and is found", async ({ page }) => {
    const merchant = await createMerchant();
    const clerk = await createSubAccount(merchant, ['record.swap']);
    const email = `${unique('clerk')}@example.test`;
    await new Shell(page).startSignedIn(merchant.admin.username, merchant.admin.password);
    const accounts = new ListPage(page, '/system/admin/list');
    await accounts.open();
    await accounts.columnHeader('Email').waitFor();

    await accounts.action(clerk.username, 'Edit');
    const drawer = new FormDrawer(page);
    await drawer.fill({ Email: 'not an address' });
    await drawer.save();
    await expect.poll(() => drawer.fieldError('Email')).toBe('Email must be an email address');
    await drawer.fill({ Email: email });
    await drawer.saveAndClose();
    await accounts.row(clerk.username).getByText(email).waitFor();

    await accounts.search({ 'Username, phone, email or name': email });
    await expect.poll(() => accounts.rows().count()).toBe(1);
    await accounts.row(clerk.username).waitFor();
  });

  test("an administrator resets a staff account's password: a common one is refused at its field, a strong one signs in", async ({
    page,
  }) => {
    const merchant = await createMerchant();
    const clerk = await createSubAccount(merchant, ['record.swap']);
    await new Shell(page).startSignedIn(merchant.admin.username, merchant.admin.password);
    const accounts = new ListPage(page, '/system/admin/list');
    await accounts.open();
    await accounts.action(clerk.username, 'Reset password');
    const dialog = new FormDrawer(page, page.getByRole('dialog', { name: `Reset the password of ${clerk.username}` }));
    await dialog.fill({ 'New password': 'password1' });
    await dialog.save();
    await expect
      .poll(() => dialog.fieldError('New password'))
      .toBe('This password is too common or follows a well-known pattern: choose another');
    // Refused: the clerk's session goes on.
    expect((await apiAnswer(clerk.token, menuApi.levels, undefined)).code).toBe(1);

    const password = `Quiet-Harbour-${unique('p').slice(-6)}7`;
    await dialog.fill({ 'New password': password });
    await dialog.saveAndClose();
    await page.getByText('Password reset; the account’s sessions were signed out').waitFor();
    expect((await apiAnswer(clerk.token, menuApi.levels, undefined)).code).toBe(405);
    expect((await apiRequest(null, sessionApi.signIn, { username: clerk.username, password })).admin.username).toBe(clerk.username);
  });

  test("an administrator assigns a staff account's roles: a role removed meanwhile is refused and nothing changes, the others are saved and shown", async ({
    page,
  }) => {
    const merchant = await createMerchant();
    const clerk = await createSubAccount(merchant, ['record.swap']);
    const [kept, removed] = [
      await createRole(merchant.admin.token, ['record.swap']),
      await createRole(merchant.admin.token, ['record.swap']),
    ];
    const [held] = (await apiRequest(merchant.admin.token, accountApi.detail, { id: clerk.id })).roleNames;
    await new Shell(page).startSignedIn(merchant.admin.username, merchant.admin.password);
    const accounts = new ListPage(page, '/system/admin/list');
    await accounts.open();
    await accounts.action(clerk.username, 'Assign roles');
    const dialog = new FormDrawer(page, page.getByRole('dialog', { name: `Assign roles to ${clerk.username}` }));
    await dialog.fill({ Roles: kept.name });
    await dialog.fill({ Roles: removed.name });
    await apiRequest(merchant.admin.token, roleApi.remove, { id: removed.id });
    await dialog.save();
    // Not a field's fault: told as the app tells a refusal, above the page.
    await page.getByText('Record does not exist', { exact: true }).waitFor();
    expect((await apiRequest(merchant.admin.token, accountApi.detail, { id: clerk.id })).roleNames).toEqual([held]);

    await dialog.locator
      .locator('.ant-select-selection-item', { hasText: removed.name })
      .locator('.ant-select-selection-item-remove')
      .click();
    await dialog.saveAndClose();
    await expect.poll(() => accounts.row(clerk.username).locator('.ant-tag').allInnerTexts()).toEqual(expect.arrayContaining([kept.name]));
    expect((await apiRequest(merchant.admin.token, accountApi.detail, { id: clerk.id })).roleNames.sort()).toEqual(
      [held, kept.name].sort(),
    );
  });
});
