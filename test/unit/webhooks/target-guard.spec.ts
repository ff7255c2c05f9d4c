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
    ['1.1.1.1', false],
    ['203.0.113.7', true], // documentation ranges (TEST-NET-1/2/3) are not global
    ['192.0.2.1', true],
    ['198.51.100.1', true],
    ['198.18.0.1', true], // benchmarking
    ['192.88.99.1', true], // 6to4 relay anycast
    ['255.255.255.255', true],
    ['240.0.0.1', true],
    ['127.1', true], // only the standard dotted-quad form
    ['0x7f.0.0.1', true],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['2001:4860:4860::8888', false],
    ['2606:4700:4700::1111', false],
    ['2a00:1450:4001:80b::200e', false],
    // IPv4-translated (::ffff:0:0:0/96, RFC 6145): the IPv4 address decides.
    ['::ffff:0:7f00:1', true], // → 127.0.0.1
    ['::ffff:0:a9fe:a9fe', true], // → 169.254.169.254
    ['::ffff:0:a00:1', true], // → 10.0.0.1
    ['::ffff:0:808:808', false], // → 8.8.8.8
    // Non-global IPv6 ranges: only global unicast (2000::/3, outside every special range) passes.
    ['fec0::1', true], // site-local (deprecated)
    ['feff:ffff::1', true],
    ['100::1', true], // discard-only
    ['100::ffff:ffff:ffff:ffff', true],
    ['2001:db8::1', true], // documentation
    ['3fff::1', true], // documentation (RFC 9637)
    ['2001:2::1', true], // benchmarking
    ['2001:10::1', true], // ORCHID
    ['2001:20::1', true], // ORCHIDv2
    ['5f00::1', true], // segment routing
    ['4000::1', true], // not allocated as global unicast
    ['e000::1', true],
    ['::2', true], // IPv4-compatible (deprecated), outside 2000::/3
    ['not-an-ip', true],
    ['fe80::1%eth0', true],
    // IPv6 forms that carry an IPv4 address: the IPv4 address decides.
    ['64:ff9b::7f00:1', true], // NAT64 → 127.0.0.1
    ['64:ff9b::127.0.0.1', true],
    ['64:ff9b::a9fe:a9fe', true], // NAT64 → 169.254.169.254
    ['64:ff9b::a00:1', true], // NAT64 → 10.0.0.1
    ['64:ff9b::808:808', false], // NAT64 → 8.8.8.8
    ['64:ff9b:1::7f00:1', true], // NAT64 local use: refused whole
    ['64:ff9b:1:ab::808:808', true],
    ['2002:7f00:1::', true], // 6to4 → 127.0.0.1
    ['2002:a9fe:a9fe::1', true], // 6to4 → 169.254.169.254
    ['2002:c0a8:101::', true], // 6to4 → 192.168.1.1
    ['2002:808:808::1', false], // 6to4 → 8.8.8.8
    ['::127.0.0.1', true], // IPv4-compatible → 127.0.0.1
    ['::7f00:1', true],
    ['::a9fe:a9fe', true],
    ['::8.8.8.8', true], // IPv4-compatible form of a public address: deprecated, never routed
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', true], // Teredo: refused whole
    ['2001::7f00:1', true],
  ])('%s blocked: %p', (address, blocked) => {
    expect(isBlockedAddress(address)).toBe(blocked);
  });

  it.each(['ftp://x.in/a', 'file:///etc/passwd', 'javascript:alert(1)', 'http://user:pw@example.in/', 'not a url', '//example.in'])('refuses the URL %s', (url) => {
    expect(() => assertWebhookUrlForm(url)).toThrow(TargetRefused);
  });

  it('resolves names and refuses one that points at loopback, unless private targets are allowed', async () => {
    await expect(resolvePublicTarget(new URL('http://localhost/x'), false)).rejects.toThrow(/not public: loopback, private or link-local/);
    await expect(resolvePublicTarget(new URL('http://localhost/x'), true)).resolves.toEqual(expect.arrayContaining([expect.objectContaining({ address: expect.any(String) })]));
    await expect(resolvePublicTarget(new URL('http://[::1]/x'), false)).rejects.toThrow(TargetRefused);
    await expect(resolvePublicTarget(new URL('http://1.1.1.1/x'), false)).resolves.toEqual([{ address: '1.1.1.1', family: 4 }]);
  });

  it.each(['http://[::ffff:0:7f00:1]/x', 'http://[fec0::1]/x', 'http://[100::1]/x', 'http://[64:ff9b::7f00:1]/x', 'http://[64:ff9b::169.254.169.254]/x', 'http://[64:ff9b:1::a00:1]/x', 'http://[2002:7f00:1::]/x', 'http://[::127.0.0.1]:8080/x', 'http://[2001::a9fe:a9fe]/x'])(
    'refuses %s, not a global unicast address (an IPv6 form of a private IPv4 address, or a reserved IPv6 range)',
    async (url) => {
      await expect(resolvePublicTarget(assertWebhookUrlForm(url), false)).rejects.toThrow(TargetRefused);
    },
  );

  it('accepts public IPv4 and IPv6 literals', async () => {
    for (const url of ['http://8.8.8.8/x', 'http://[2001:4860:4860::8888]/x', 'http://[64:ff9b::808:808]/x', 'http://[2002:808:808::]/x']) {
      await expect(resolvePublicTarget(assertWebhookUrlForm(url), false)).resolves.toHaveLength(1);
    }
  });
});
