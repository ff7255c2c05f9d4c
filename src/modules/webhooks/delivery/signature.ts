import { createHmac } from 'node:crypto';

/** `sha256=<hex HMAC-SHA256(secret, body)>` over the exact bytes sent. */
export const signBody = (secret: string, body: string | Buffer) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export interface DeliveryHeaders {
  'Content-Type': 'application/json';
  'User-Agent': string;
  'X-Service-Signature': string;
  'X-Service-Timestamp': string;
  'X-Service-Event': string;
  'X-Service-Delivery': string;
}

export function deliveryHeaders(secret: string, body: string, event: string, deliveryId: string, now: Date): DeliveryHeaders {
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'Foliodesk-Webhooks/1.0',
    'X-Service-Signature': signBody(secret, body),
    'X-Service-Timestamp': String(Math.floor(now.getTime() / 1000)),
    'X-Service-Event': event,
    'X-Service-Delivery': deliveryId,
  };
}
