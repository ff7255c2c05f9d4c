import { Injectable } from '@nestjs/common';
import { type Agent, request } from 'undici';
import { AppConfig } from '../../../config/app-config.js';
import { deliveryHeaders } from './signature.js';
import { assertWebhookUrlForm, guardedAgent, TargetRefused } from './target-guard.js';

export const DELIVERY_TIMEOUT_MS = 10_000;

export interface SendResult {
  success: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

export interface OutgoingDelivery {
  url: string;
  secret: string;
  body: string;
  event: string;
  deliveryId: string;
}

/**
 * Sends one signed delivery. The target's addresses are checked when the connection is made (not
 * only when the subscription was saved), so a name that later resolves to a private address is
 * refused; redirects are not followed; 2xx within 10 s is success.
 */
@Injectable()
export class WebhookSender {
  private readonly agent: Agent;

  constructor(private readonly config: AppConfig) {
    this.agent = guardedAgent(config.webhooks.allowPrivateTargets, DELIVERY_TIMEOUT_MS);
  }

  async send(delivery: OutgoingDelivery, now = new Date()): Promise<SendResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const url = assertWebhookUrlForm(delivery.url);
      const res = await request(url, {
        method: 'POST',
        headers: { ...deliveryHeaders(delivery.secret, delivery.body, delivery.event, delivery.deliveryId, now) },
        body: delivery.body,
        dispatcher: this.agent,
        maxRedirections: 0,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      const success = res.statusCode >= 200 && res.statusCode < 300;
      return { success, statusCode: res.statusCode, durationMs: elapsed(), error: success ? null : `HTTP ${res.statusCode}` };
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      const message =
        error instanceof TargetRefused || cause instanceof TargetRefused
          ? `refused: ${(cause instanceof TargetRefused ? cause : (error as Error)).message}`
          : (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError'
            ? `timed out after ${DELIVERY_TIMEOUT_MS} ms`
            : `${(error as { code?: string }).code ?? (error as Error).name}: ${(error as Error).message}`;
      return { success: false, statusCode: null, durationMs: elapsed(), error: message.slice(0, 500) };
    }
  }
}
