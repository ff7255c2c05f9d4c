import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { BoundTo } from '../sign-in-binding.js';
import type { ConsumedLoginRequest, SsoRepository } from '../sso.repository.js';

/**
 * node-saml's store of AuthnRequest ids, in PostgreSQL and scoped to one tenant, so a response is
 * accepted only for a request this tenant issued (from any API process), and only once: removing an
 * id is an atomic compare-and-set, and `claim` answers the request when this validation was the one
 * that did it. A request saved here carries the sign-in's binding (who may finish it).
 */
export class RequestIdCache implements CacheProvider {
  private readonly consumedHere = new Map<string, ConsumedLoginRequest>();

  constructor(
    private readonly repo: SsoRepository,
    private readonly tenantId: string,
    private readonly ttlSeconds: number,
    private readonly bound: BoundTo = { binding: null, codeChallenge: null },
  ) {}

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    const now = Date.now();
    await this.repo.insertLoginRequest({
      id: key,
      tenantId: this.tenantId,
      protocol: 'saml2',
      sealedCodeVerifier: null,
      nonce: null,
      ...this.bound,
      expiresAt: new Date(now + this.ttlSeconds * 1000),
    });
    return { value, createdAt: now };
  }

  async getAsync(key: string): Promise<string | null> {
    const issuedAt = await this.repo.openLoginRequestIssuedAt(key, this.tenantId, 'saml2');
    return issuedAt ? issuedAt.toISOString() : null;
  }

  async removeAsync(key: string | null): Promise<string | null> {
    if (!key) return null;
    if (this.consumedHere.has(key)) return key;
    const row = await this.repo.consumeLoginRequest(key, 'saml2', this.tenantId);
    if (!row) return null;
    this.consumedHere.set(key, row);
    return key;
  }

  /** The request, when it is now answered by this validation (null: unknown, or someone else got there first). */
  async claim(key: string): Promise<ConsumedLoginRequest | null> {
    return (await this.removeAsync(key)) !== null ? (this.consumedHere.get(key) ?? null) : null;
  }
}
