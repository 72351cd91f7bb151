import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { accountApi, DEMO_PASSWORD, sessionApi } from '@swap/contracts';
import { describe, expect, test } from '../support/fixtures.js';
import { apiRequest } from '../support/api.js';
import { newContext, resultsDir } from '../support/browser.js';
import { freePort, startServer, type RunningServer } from '../support/server.js';
import { unique } from '../support/factories.js';
import { startTestProvider, type TestProvider } from '../../apps/server/src/test/oidc-provider.js';
import { LoginPage } from '../pages/login-page.js';
import { SsoProviderPage } from '../pages/sso-provider-page.js';
import { ListPage } from '../pages/list-page.js';
import { SsoRefusalPage } from '../pages/sso-refusal-page.js';

/**
 * Single sign-on in the browser (docs/security.md, "Single sign-on"): a server of its own set to a
 * real OpenID provider on 127.0.0.1 (the run's shared server has none).
 */
describe('single sign-on', () => {
  let provider: TestProvider;
  let server: RunningServer;
  const subject = unique('ayu-');
  let adminToken: string;

  beforeAll(async () => {
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    provider = await startTestProvider({ redirectUri: `${baseURL}/callback` });
    server = await startServer({
      logFile: path.join(resultsDir, 'sso-server.log'),
      port,
      env: {
        DEMO: '0',
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD: DEMO_PASSWORD,
        PUBLIC_URL: baseURL,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_NAME: 'Company login',
      },
    });
    // The administrator's account is linked to the provider's person (a mail typed on a profile is
    // matched only once verified: docs/security.md, "Single sign-on").
    const { token, admin } = await apiRequest(null, sessionApi.signIn, { username: 'admin', password: DEMO_PASSWORD }, server.baseURL);
    adminToken = token;
    await apiRequest(token, accountApi.linkSso, { id: admin.id, ssoSubject: subject }, server.baseURL);
    provider.person(subject, { email: `${subject}@example.test`, email_verified: true });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await provider?.close();
  });

  /** The provider button in a browser of its own: where the person lands. */
  async function signInAtProvider(browser: Browser, person: string) {
    const context = await newContext(browser, { baseURL: server.baseURL });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const login = new LoginPage(page);
    await login.open();
    await login.singleSignOn().click();
    await new SsoProviderPage(page).signInAs(person);
    await page.waitForURL((url) => url.pathname !== '/session/login' && !url.pathname.startsWith('/interaction'));
    return { page, close: () => context.close() };
  }

  /** The administrator signed in, in a browser of its own. */
  async function adminPage(browser: Browser) {
    const context = await newContext(browser, { baseURL: server.baseURL });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('admin', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    return { page, context };
  }

  test('the provider button signs in at the provider and comes back signed in, on the page asked for', async ({ browser }) => {
    const context = await newContext(browser, { baseURL: server.baseURL });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    try {
      const answers: string[] = [];
      page.on('framenavigated', (frame) => {
        if (new URL(frame.url()).pathname === '/callback') answers.push(frame.url());
      });
      await page.goto('/system/admin/list');
      const login = new LoginPage(page);
      await login.waitUntilShown();
      await login.singleSignOn().click();

      await new SsoProviderPage(page).signInAs(subject);
      await page.waitForURL((url) => url.pathname === '/system/admin/list');
      await page.getByRole('table').waitFor();
      expect(await page.evaluate(() => window.localStorage.length)).toBeGreaterThan(0);

      // The provider's answer opened again: refused with the reason.
      expect(new Set(answers).size).toBe(1);
      expect(new URL(answers[0]!).searchParams.get('code')).toBeTruthy();
      await page.goto(answers[0]!);
      await page.getByRole('alert').getByText('This sign-in has expired or was already used').waitFor();
    } finally {
      await context.close();
    }
  });

  test('an identity refused for want of a link signs in once an administrator links it on Accounts, and no more once unlinked', async ({
    browser,
  }) => {
    const person = unique('eka-');
    provider.person(person, { email: `${person}@elsewhere.test`, email_verified: true });
    const username = unique('staff.');
    await apiRequest(
      adminToken,
      accountApi.add,
      { username, name: 'Eka', password: DEMO_PASSWORD, type: 'NORMAL', accountType: 'PLATFORM', roleIds: [] },
      server.baseURL,
    );
    const trySignIn = () => signInAtProvider(browser, person);

    const refused = await trySignIn();
    await refused.page.getByRole('alert').getByText(`No account is linked to this sign-in (${person})`).waitFor();
    await refused.close();

    const { page, context } = await adminPage(browser);
    try {
      const accounts = new ListPage(page, '/system/admin/list');
      await accounts.open();
      await accounts.action(username, 'Link single sign-on');
      const dialog = page.getByRole('dialog', { name: `Link a single sign-on identity to ${username}` });
      await dialog.getByLabel('Identity at the provider', { exact: true }).fill(person);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await accounts.row(username).getByText(person).waitFor();

      const linked = await trySignIn();
      // Signed in as that account (it holds no roles: the no-permission page).
      await linked.page.waitForURL((url) => url.pathname === '/error-page/401');
      expect(await linked.page.evaluate(() => JSON.stringify(window.localStorage))).toContain(username);
      await linked.close();

      await accounts.action(username, 'Unlink single sign-on');
      await page.locator('.ant-popover:visible, .ant-modal-confirm:visible').getByRole('button', { name: 'Confirm' }).click();
      await expect.poll(() => accounts.row(username).getByText(person).count()).toBe(0);
      const unlinked = await trySignIn();
      await unlinked.page.getByRole('alert').getByText(`No account is linked to this sign-in (${person})`).waitFor();
      await unlinked.close();
    } finally {
      await context.close();
    }
  });

  test('a refused identity is listed under Refused single sign-ons, linked to an account from there, and then signs in', async ({
    browser,
  }) => {
    const person = unique('rina-');
    provider.person(person, { email: `${person}@elsewhere.test`, email_verified: false });
    const username = unique('staff.');
    await apiRequest(
      adminToken,
      accountApi.add,
      { username, name: 'Rina', password: DEMO_PASSWORD, type: 'NORMAL', accountType: 'PLATFORM', roleIds: [] },
      server.baseURL,
    );
    const refused = await signInAtProvider(browser, person);
    await refused.page.getByRole('alert').getByText(`The sign-in provider has not verified the address ${person}@elsewhere.test`).waitFor();
    await refused.close();

    const { page, context } = await adminPage(browser);
    try {
      const refusals = new SsoRefusalPage(page);
      await refusals.open();
      await refusals.search({ 'Identity, email or address': person });
      await refusals.row(person).getByText('Mail not verified by the provider').waitFor();
      await refusals.linkTo(person, username);
      await refusals.row(person).getByText(username).waitFor();

      const linked = await signInAtProvider(browser, person);
      await linked.page.waitForURL((url) => url.pathname === '/error-page/401');
      expect(await linked.page.evaluate(() => JSON.stringify(window.localStorage))).toContain(username);
      await linked.close();
    } finally {
      await context.close();
    }
  });

  test('a server without a provider shows no provider button', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await login.singleSignOn().count()).toBe(0);
  });
});
