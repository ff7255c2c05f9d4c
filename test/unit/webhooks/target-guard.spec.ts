import { describe, expect, it } from '@jest/globals';
import { assertWebhookUrlForm, isBlockedAddress, resolvePublicTarget, TargetRefused } from '../../../src/modules/webhooks/delivery/target-guard.js';

describe('webhook target guard', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['10.20.30.40', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.0.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['8.8.8.8', false],
    ['203.0.113.7', false],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['2001:4860:4860::8888', false],
    ['not-an-ip', true],
  ])('%s blocked: %p', (address, blocked) => {
    expect(isBlockedAddress(address)).toBe(blocked);
  });

  it.each(['ftp://x.in/a', 'file:///etc/passwd', 'javascript:alert(1)', 'http://user:pw@example.in/', 'not a url', '//example.in'])('refuses the URL %s', (url) => {
    expect(() => assertWebhookUrlForm(url)).toThrow(TargetRefused);
  });

  it('resolves names and refuses one that points at loopback, unless private targets are allowed', async () => {
    await expect(resolvePublicTarget(new URL('http://localhost/x'), false)).rejects.toThrow(/loopback, private or link-local/);
    await expect(resolvePublicTarget(new URL('http://localhost/x'), true)).resolves.toEqual(expect.arrayContaining([expect.objectContaining({ address: expect.any(String) })]));
    await expect(resolvePublicTarget(new URL('http://[::1]/x'), false)).rejects.toThrow(TargetRefused);
    await expect(resolvePublicTarget(new URL('http://203.0.113.7/x'), false)).resolves.toEqual([{ address: '203.0.113.7', family: 4 }]);
  });
});
