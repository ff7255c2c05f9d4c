import { describe, expect, it } from '@jest/globals';
import { assertWebhookUrlForm, isBlockedAddress, resolvePublicTarget, TargetRefused } from '../../../src/modules/webhooks/delivery/target-guard.js';

describe('webhook target guard', () => {
  it.each([
    { address: '127.0.0.1', blocked: true },
    { address: '127.255.0.9', blocked: true },
    { address: '10.20.30.40', blocked: true },
    { address: '172.16.0.1', blocked: true },
    { address: '172.31.255.255', blocked: true },
    { address: '172.32.0.1', blocked: false },
    { address: '192.168.0.1', blocked: true },
    { address: '169.254.169.254', blocked: true },
    { address: '100.64.0.1', blocked: true },
    { address: '0.0.0.0', blocked: true },
    { address: '224.0.0.1', blocked: true },
    { address: '8.8.8.8', blocked: false },
    { address: '1.1.1.1', blocked: false },
    { address: '203.0.113.7', blocked: true }, // documentation ranges (TEST-NET-1/2/3) are not global
    { address: '192.0.2.1', blocked: true },
    { address: '198.51.100.1', blocked: true },
    { address: '198.18.0.1', blocked: true }, // benchmarking
    { address: '192.88.99.1', blocked: true }, // 6to4 relay anycast
    { address: '255.255.255.255', blocked: true },
    { address: '240.0.0.1', blocked: true },
    { address: '127.1', blocked: true }, // only the standard dotted-quad form
    { address: '0x7f.0.0.1', blocked: true },
    { address: '::1', blocked: true },
    { address: '::', blocked: true },
    { address: 'fe80::1', blocked: true },
    { address: 'fd00::1', blocked: true },
    { address: '::ffff:127.0.0.1', blocked: true },
    { address: '::ffff:8.8.8.8', blocked: false },
    { address: '2001:4860:4860::8888', blocked: false },
    { address: '2606:4700:4700::1111', blocked: false },
    { address: '2a00:1450:4001:80b::200e', blocked: false },
    // IPv4-translated (::ffff:0:0:0/96, RFC 6145): the IPv4 address decides.
    { address: '::ffff:0:7f00:1', blocked: true }, // → 127.0.0.1
    { address: '::ffff:0:a9fe:a9fe', blocked: true }, // → 169.254.169.254
    { address: '::ffff:0:a00:1', blocked: true }, // → 10.0.0.1
    { address: '::ffff:0:808:808', blocked: false }, // → 8.8.8.8
    // Non-global IPv6 ranges: only global unicast (2000::/3, outside every special range) passes.
    { address: 'fec0::1', blocked: true }, // site-local (deprecated)
    { address: 'feff:ffff::1', blocked: true },
    { address: '100::1', blocked: true }, // discard-only
    { address: '100::ffff:ffff:ffff:ffff', blocked: true },
    { address: '2001:db8::1', blocked: true }, // documentation
    { address: '3fff::1', blocked: true }, // documentation (RFC 9637)
    { address: '2001:2::1', blocked: true }, // benchmarking
    { address: '2001:10::1', blocked: true }, // ORCHID
    { address: '2001:20::1', blocked: true }, // ORCHIDv2
    { address: '5f00::1', blocked: true }, // segment routing
    { address: '4000::1', blocked: true }, // not allocated as global unicast
    { address: 'e000::1', blocked: true },
    { address: '::2', blocked: true }, // IPv4-compatible (deprecated), outside 2000::/3
    { address: 'not-an-ip', blocked: true },
    { address: 'fe80::1%eth0', blocked: true },
    // IPv6 forms that carry an IPv4 address: the IPv4 address decides.
    { address: '64:ff9b::7f00:1', blocked: true }, // NAT64 → 127.0.0.1
    { address: '64:ff9b::127.0.0.1', blocked: true },
    { address: '64:ff9b::a9fe:a9fe', blocked: true }, // NAT64 → 169.254.169.254
    { address: '64:ff9b::a00:1', blocked: true }, // NAT64 → 10.0.0.1
    { address: '64:ff9b::808:808', blocked: false }, // NAT64 → 8.8.8.8
    { address: '64:ff9b:1::7f00:1', blocked: true }, // NAT64 local use: refused whole
    { address: '64:ff9b:1:ab::808:808', blocked: true },
    { address: '2002:7f00:1::', blocked: true }, // 6to4 → 127.0.0.1
    { address: '2002:a9fe:a9fe::1', blocked: true }, // 6to4 → 169.254.169.254
    { address: '2002:c0a8:101::', blocked: true }, // 6to4 → 192.168.1.1
    { address: '2002:808:808::1', blocked: false }, // 6to4 → 8.8.8.8
    { address: '::127.0.0.1', blocked: true }, // IPv4-compatible → 127.0.0.1
    { address: '::7f00:1', blocked: true },
    { address: '::a9fe:a9fe', blocked: true },
    { address: '::8.8.8.8', blocked: true }, // IPv4-compatible form of a public address: deprecated, never routed
    { address: '2001:0:4136:e378:8000:63bf:3fff:fdd2', blocked: true }, // Teredo: refused whole
    { address: '2001::7f00:1', blocked: true },
  ])('$address blocked: $blocked', ({ address, blocked }) => {
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
