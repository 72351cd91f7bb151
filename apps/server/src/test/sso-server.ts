import { startTestServer, type TestServer } from './harness.js';
import { platformAdmin } from './factories.js';
import { startTestProvider, type TestProvider } from './oidc-provider.js';

/** The address the single sign-on tests' server is published at: the provider sends the browser back to its /callback. */
export const SSO_PUBLIC_URL = 'https://backoffice.example.test';

/** A test server that signs in through a real OpenID provider, and its platform administrator's token. */
export interface SsoTestServer {
  provider: TestProvider;
  server: TestServer;
  superToken: string;
  close(): Promise<void>;
}

/**
 * A fresh OpenID provider on 127.0.0.1 and a test server without demo rows that signs in through it
 * (docs/security.md, "Single sign-on"); `env` adds to (or overrides) the server's settings.
 */
export async function startSsoTestServer(env: Record<string, string> = {}): Promise<SsoTestServer> {
  const provider = await startTestProvider({ redirectUri: `${SSO_PUBLIC_URL}/callback` });
  const server = await startTestServer({
    DEMO: '0',
    PUBLIC_URL: SSO_PUBLIC_URL,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    ...env,
  });
  const superToken = (await platformAdmin(server)).token;
  return {
    provider,
    server,
    superToken,
    async close() {
      await server.close();
      await provider.close();
    },
  };
}
