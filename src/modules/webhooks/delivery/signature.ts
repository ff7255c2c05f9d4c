import { createHmac } from 'node:crypto';

const hmacHex = (secret: string, ...parts: Array<string | Buffer>) => {
  const hmac = createHmac('sha256', secret);
  for (const part of parts) hmac.update(part);
  return hmac.digest('hex');
};

/** `sha256=<hex HMAC-SHA256(secret, body)>` over the exact bytes sent (the spec's signature). */
export const signBody = (secret: string, body: string | Buffer) => `sha256=${hmacHex(secret, body)}`;

/**
 * `v2=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>`: the timestamp (X-Service-Timestamp, unix
 * seconds) is signed with the body, so a captured delivery cannot be resent later under a fresh
 * timestamp. Offered beside the spec's signature, which covers the body alone.
 */
export const signTimestampedBody = (secret: string, timestamp: string, body: string | Buffer) => `v2=${hmacHex(secret, `${timestamp}.`, body)}`;

export interface DeliveryHeaders {
  'Content-Type': 'application/json';
  'User-Agent': string;
  'X-Service-Signature': string;
  'X-Service-Signature-V2': string;
  'X-Service-Timestamp': string;
  'X-Service-Event': string;
  'X-Service-Delivery': string;
}

export function deliveryHeaders(secret: string, body: string, event: string, deliveryId: string, now: Date): DeliveryHeaders {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'Foliodesk-Webhooks/1.0',
    'X-Service-Signature': signBody(secret, body),
    'X-Service-Signature-V2': signTimestampedBody(secret, timestamp, body),
    'X-Service-Timestamp': timestamp,
    'X-Service-Event': event,
    'X-Service-Delivery': deliveryId,
  };
}
