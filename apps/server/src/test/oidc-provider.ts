// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- oidc-provider ships no types; this file is read by the e2e project too
/// <reference path="./oidc-provider-types.d.ts" />
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person the test provider knows: the claims its ID token and userinfo give. */
export interface ProviderPerson {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for single sign-on tests
 * (docs/security.md, "Single sign-on"). It requires PKCE; its sign-in page asks only which person
 * signs in (a form with one field, "login"), and consent is given at once.
 */
export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds (or replaces) a person the provider signs in. */
  person(subject: string, claims: ProviderPerson): void;
  /**
   * Walks an authorization address as a browser would: signs in as `subject` on the provider's
   * page and answers the address the provider sends the browser back to (the client's /callback).
   */
  authorize(url: string, subject: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startTestProvider(options: { redirectUri: string; clientId?: string; clientSecret?: string }): Promise<TestProvider> {
  const clientId = options.clientId ?? 'backoffice';
  const clientSecret = options.clientSecret ?? 'backoffice-test-secret-0123456789';
  const people = new Map<string, ProviderPerson>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    cookies: { keys: ['test-provider-cookie-key'] },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) =>
      people.has(sub) ? { accountId: sub, claims: () => ({ sub, ...people.get(sub) }) } : undefined,
  });
  const callback = provider.callback();

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const match = /^\/interaction\/([^/?]+)(\/login)?/.exec(req.url ?? '');
    if (!match) {
      callback(req, res);
      return;
    }
    void interaction(req, res, Boolean(match[2])).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  /** The provider's sign-in page (a form naming the person) and its consent, given at once. */
  async function interaction(req: http.IncomingMessage, res: http.ServerResponse, submitted: boolean) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      if (!submitted) {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(
          `<!doctype html><title>Test provider</title><h1>Test provider sign-in</h1>` +
            `<form method="post" action="/interaction/${details.uid}/login"><label>Person <input name="login" autofocus></label>` +
            `<button type="submit">Sign in at the provider</button></form>`,
        );
        return;
      }
      const body = await new Promise<string>((resolve) => {
        let text = '';
        req.on('data', (chunk: Buffer) => (text += chunk.toString()));
        req.on('end', () => resolve(text));
      });
      const login = new URLSearchParams(body).get('login') ?? '';
      await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new provider.Grant({ accountId: details.session!.accountId, clientId });
    grant.addOIDCScope(typeof details.params.scope === 'string' ? details.params.scope : 'openid');
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  return {
    issuer,
    clientId,
    clientSecret,
    person(subject, claims) {
      people.set(subject, claims);
    },
    async authorize(url, subject) {
      const jar = new Map<string, string>();
      let next = new URL(url);
      let method = 'GET';
      let body: string | undefined;
      for (let hop = 0; hop < 12; hop++) {
        if (next.origin !== issuer) return next;
        const answer = await fetch(next, {
          method,
          redirect: 'manual',
          headers: {
            cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
            ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          body,
        });
        for (const cookie of answer.headers.getSetCookie()) {
          const [pair = '', ...attributes] = cookie.split(';');
          const at = pair.indexOf('=');
          const gone = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0/i.test(a));
          if (gone) jar.delete(pair.slice(0, at).trim());
          else jar.set(pair.slice(0, at).trim(), pair.slice(at + 1));
        }
        const location = answer.headers.get('location');
        if (location) {
          next = new URL(location, next);
          method = 'GET';
          body = undefined;
          continue;
        }
        const page = await answer.text();
        const form = /<form method="post" action="([^"]+)"/.exec(page);
        if (!form) throw new Error(`the provider answered ${answer.status} without a way on: ${page.slice(0, 300)}`);
        next = new URL(form[1]!, next);
        method = 'POST';
        body = new URLSearchParams({ login: subject }).toString();
      }
      throw new Error('the provider sent the browser round in circles');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
