import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { DEMO_PASSWORD, profileApi, sessionApi } from '@swap/contracts';
import { describe, expect, test } from '../support/fixtures.js';
import { apiRequest } from '../support/api.js';
import { newContext, resultsDir } from '../support/browser.js';
import { freePort, startServer, type RunningServer } from '../support/server.js';
import { unique } from '../support/factories.js';
import { startTestProvider, type TestProvider } from '../../apps/server/src/test/oidc-provider.js';
import { LoginPage } from '../pages/login-page.js';
import { SsoProviderPage } from '../pages/sso-provider-page.js';

/**
 * Single sign-on in the browser (docs/security.md, "Single sign-on"): a server of its own set to a
 * real OpenID provider on 127.0.0.1 (the run's shared server has none).
 */
describe('single sign-on', () => {
  let provider: TestProvider;
  let server: RunningServer;
  const subject = unique('ayu-');

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
    // The administrator's profile holds the mail the provider vouches for.
    const email = `${subject}@example.test`;
    const { token } = await apiRequest(null, sessionApi.signIn, { username: 'admin', password: DEMO_PASSWORD }, server.baseURL);
    await apiRequest(token, profileApi.edit, { name: 'Ayu', email }, server.baseURL);
    provider.person(subject, { email, email_verified: true });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await provider?.close();
  });

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

  test('a server without a provider shows no provider button', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await login.singleSignOn().count()).toBe(0);
  });
});
