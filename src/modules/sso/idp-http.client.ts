import { Injectable } from '@nestjs/common';
import { type Agent, fetch as undiciFetch, request } from 'undici';
import { AppConfig } from '../../config/app-config.js';
import { assertWebhookUrlForm, guardedAgent, resolvePublicTarget, TargetRefused } from '../webhooks/delivery/target-guard.js';

export const IDP_TIMEOUT_MS = 10_000;
const MAX_DOCUMENT_BYTES = 1024 * 1024;

/** A URL the private-address rule (or the https rule) refuses. */
export class IdpUrlRefused extends Error {}

/** The IdP could not be reached, answered an error, or sent something too large. */
export class IdpFetchFailed extends Error {}

/**
 * Every request Foliodesk makes to an identity provider (metadata, discovery, token, JWKS,
 * userinfo). Like webhook deliveries, the host's addresses are checked when the connection is
 * made, so a name that resolves to a loopback or private address is refused unless
 * WEBHOOK_ALLOW_PRIVATE_TARGETS is on; plain http is accepted only in that mode (local IdPs).
 */
@Injectable()
export class IdpHttpClient {
  private readonly agent: Agent;
  private readonly allowPrivate: boolean;

  constructor(config: AppConfig) {
    this.allowPrivate = config.webhooks.allowPrivateTargets;
    this.agent = guardedAgent(this.allowPrivate, IDP_TIMEOUT_MS);
  }

  /** Whether plain-http IdP endpoints are acceptable (only with private targets allowed). */
  get allowsHttp(): boolean {
    return this.allowPrivate;
  }

  /** Checks a URL's form, scheme and host before anything is fetched from it. */
  async assertAllowed(raw: string): Promise<URL> {
    try {
      const url = assertWebhookUrlForm(raw);
      if (url.protocol !== 'https:' && !this.allowPrivate) throw new TargetRefused('url must use https');
      await resolvePublicTarget(url, this.allowPrivate);
      return url;
    } catch (error) {
      if (error instanceof TargetRefused) throw new IdpUrlRefused(error.message);
      throw error;
    }
  }

  /** GETs a document (no redirects, 10 s, 1 MiB at most) and answers its text. */
  async getText(raw: string, accept: string): Promise<string> {
    const url = await this.assertAllowed(raw);
    try {
      const res = await request(url, {
        method: 'GET',
        headers: { accept },
        dispatcher: this.agent,
        maxRedirections: 0,
        signal: AbortSignal.timeout(IDP_TIMEOUT_MS),
      });
      if (res.statusCode < 200 || res.statusCode >= 300) {
        await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
        const hint = res.statusCode >= 300 && res.statusCode < 400 ? ' (redirects are not followed: give the final URL)' : '';
        throw new IdpFetchFailed(`the IdP answered HTTP ${res.statusCode}${hint}`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > MAX_DOCUMENT_BYTES) {
          res.body.destroy();
          throw new IdpFetchFailed('the document is larger than 1 MiB');
        }
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks).toString('utf8');
    } catch (error) {
      throw this.describe(error);
    }
  }

  /** A fetch for openid-client (`customFetch`): the same address rule and time limit. */
  readonly fetch = async (url: string, options: Record<string, unknown>): Promise<Response> => {
    await this.assertAllowed(url);
    try {
      return (await undiciFetch(url, {
        ...(options as object),
        redirect: 'manual',
        dispatcher: this.agent,
        signal: (options.signal as AbortSignal | undefined) ?? AbortSignal.timeout(IDP_TIMEOUT_MS),
      } as never)) as unknown as Response;
    } catch (error) {
      throw this.describe(error);
    }
  };

  private describe(error: unknown): Error {
    if (error instanceof IdpFetchFailed || error instanceof IdpUrlRefused) return error;
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof TargetRefused) return new IdpUrlRefused(cause.message);
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') return new IdpFetchFailed(`no answer within ${IDP_TIMEOUT_MS / 1000} s`);
    const code = (error as { code?: string }).code ?? (cause as { code?: string } | undefined)?.code;
    return new IdpFetchFailed(code ? `the IdP could not be reached (${code})` : `the IdP could not be reached: ${(error as Error).message}`);
  }
}
