import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { signBody } from '../../../src/modules/webhooks/delivery/signature.js';

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
});
