import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Configuration } from 'oidc-provider';
import { Browser, locationOf } from './browser.js';

export interface OidcTestAccount {
  email: string;
  name?: string;
  groups?: string[];
  /** Default true; null leaves the claim out; any other value is sent as given. */
  email_verified?: boolean | string | null;
}

export interface OidcTestProvider {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, OidcTestAccount>;
  /**
   * Plays the user at the provider: from the authorization URL our login redirected to, signs in
   * as `accountId` (and consents), and answers the redirect back to our callback.
   */
  signIn(authorizationUrl: string, accountId: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A certified OpenID Provider (panva's oidc-provider) on 127.0.0.1 with one confidential client,
 * test accounts and its development login and consent pages. As usual for providers that also
 * issue an access token, the profile claims (email, name, groups) are served from userinfo, not
 * put in the ID token.
 */
export async function startOidcProvider(redirectUri: string): Promise<OidcTestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'foliodesk-test';
  const clientSecret = 'foliodesk-test-secret-0123456789';
  const accounts = new Map<string, OidcTestAccount>();

  // oidc-provider notes on the console that it is a development setup (and the Node version); the
  // tests know, so those notes are muted while it loads and starts.
  const { default: Provider } = await quietly(() => import('oidc-provider'));
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    cookies: { keys: ['foliodesk-test-cookie-key-0123456789'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          const verified = account.email_verified === null ? {} : { email_verified: account.email_verified ?? true };
          return { sub: id, email: account.email, ...verified, name: account.name, groups: account.groups };
        },
      };
    },
  };
  const provider = await quietly(() => new Provider(issuer, configuration));
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider server_error', error));
  server.on('request', provider.callback());

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    accounts,
    async signIn(authorizationUrl, accountId) {
      const browser = new Browser();
      let url = authorizationUrl;
      for (let step = 0; step < 12; step++) {
        if (url.startsWith(redirectUri)) return url;
        const res = await browser.get(url);
        if (res.status >= 300 && res.status < 400) {
          url = locationOf(res, url);
          continue;
        }
        const html = await res.text();
        if (res.status !== 200) throw new Error(`the provider answered ${res.status}: ${html.slice(0, 500)}`);
        const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
        if (prompt === 'login') url = locationOf(await browser.postForm(url, { prompt, login: accountId, password: 'any' }), url);
        else if (prompt === 'consent') url = locationOf(await browser.postForm(url, { prompt }), url);
        else throw new Error(`unexpected provider page: ${html.slice(0, 500)}`);
      }
      throw new Error('the provider did not redirect back');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function quietly<T>(work: () => T | Promise<T>): Promise<T> {
  const { info, warn } = console;
  console.info = () => undefined;
  console.warn = () => undefined;
  try {
    return await work();
  } finally {
    Object.assign(console, { info, warn });
  }
}
