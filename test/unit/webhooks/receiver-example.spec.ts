import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { deliveryHeaders, signBody, signTimestampedBody } from '../../../src/modules/webhooks/delivery/signature.js';

// The receiver kit in examples/ must accept what Foliodesk signs and refuse anything else.
describe('examples/webhook-receiver.mjs', () => {
  it('verifies Foliodesk signatures in constant time and checks freshness', async () => {
    process.env.WEBHOOK_SECRET = 'whsec_example-0123456789';
    const kit = await import('../../../examples/webhook-receiver.mjs');
    const body = Buffer.from('{"event":"document.completed","timestamp":"2026-11-22T10:15:33.120Z","data":{}}');
    const header = signBody('whsec_example-0123456789', body);
    expect(header).toBe(`sha256=${createHmac('sha256', 'whsec_example-0123456789').update(body).digest('hex')}`);
    expect(kit.verifySignature('whsec_example-0123456789', body, header)).toBe(true);
    expect(kit.verifySignature('whsec_other-secret-01234', body, header)).toBe(false);
    expect(kit.verifySignature('whsec_example-0123456789', Buffer.concat([body, Buffer.from(' ')]), header)).toBe(false);
    expect(kit.verifySignature('whsec_example-0123456789', body, header.slice(0, -1))).toBe(false);
    expect(kit.verifySignature('whsec_example-0123456789', body, undefined)).toBe(false);
    const now = 1_795_356_000;
    expect(kit.freshEnough(String(now - 299), now)).toBe(true);
    expect(kit.freshEnough(String(now - 301), now)).toBe(false);
    expect(kit.freshEnough('soon', now)).toBe(false);
  });

  it('verifies the v2 signature, which binds the timestamp: a captured delivery resent under a fresh timestamp fails', async () => {
    process.env.WEBHOOK_SECRET = 'whsec_example-0123456789';
    const kit = await import('../../../examples/webhook-receiver.mjs');
    const secret = 'whsec_example-0123456789';
    const body = '{"event":"document.completed","timestamp":"2026-11-22T10:15:33.120Z","data":{}}';
    const headers = deliveryHeaders(secret, body, 'document.completed', '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', new Date(1_795_356_000_000));
    expect(headers['X-Service-Timestamp']).toBe('1795356000');
    expect(headers['X-Service-Signature']).toBe(signBody(secret, body)); // the spec's header, unchanged
    expect(headers['X-Service-Signature-V2']).toBe(`v2=${createHmac('sha256', secret).update(`1795356000.${body}`).digest('hex')}`);
    expect(signTimestampedBody(secret, '1795356000', Buffer.from(body))).toBe(headers['X-Service-Signature-V2']);
    expect(kit.verifySignatureV2(secret, '1795356000', Buffer.from(body), headers['X-Service-Signature-V2'])).toBe(true);
    // Replayed later with a fresh timestamp: the spec's signature still verifies, v2 does not.
    expect(kit.verifySignature(secret, Buffer.from(body), headers['X-Service-Signature'])).toBe(true);
    expect(kit.verifySignatureV2(secret, '1795356900', Buffer.from(body), headers['X-Service-Signature-V2'])).toBe(false);
    expect(kit.verifySignatureV2('whsec_other-secret-01234', '1795356000', Buffer.from(body), headers['X-Service-Signature-V2'])).toBe(false);
    expect(kit.verifySignatureV2(secret, '1795356000', Buffer.from(`${body} `), headers['X-Service-Signature-V2'])).toBe(false);
    expect(kit.verifySignatureV2(secret, '1795356000', Buffer.from(body), undefined)).toBe(false);
  });
});
