import { describe, expect, it } from '@jest/globals';
import { rateLimitSubject } from '../../../src/common/http/client-info.js';

describe('rateLimitSubject: who a per-address limit counts', () => {
  it.each([
    { ip: '198.51.100.7', subject: '198.51.100.7' },
    { ip: '::ffff:198.51.100.7', subject: '198.51.100.7' }, // IPv4 client on a dual-stack socket
    { ip: '2001:db8:1:2::1', subject: '2001:db8:1:2::/64' },
    { ip: '2001:db8:1:2:ffff:ffff:ffff:ffff', subject: '2001:db8:1:2::/64' },
    { ip: '2001:0db8:0001:0002:aaaa::9', subject: '2001:db8:1:2::/64' },
    { ip: '2001:db8:1:3::1', subject: '2001:db8:1:3::/64' },
    { ip: '::1', subject: '0:0:0:0::/64' },
    { ip: 'fe80::1%eth0', subject: 'fe80:0:0:0::/64' },
    { ip: '', subject: 'unknown' },
    { ip: 'not an address', subject: 'unknown' },
  ])('$ip counts as $subject', ({ ip, subject }) => {
    expect(rateLimitSubject(ip)).toBe(subject);
  });

  it('gives every address of one /64 one subject, and the next /64 another', () => {
    const subjects = new Set(Array.from({ length: 50 }, (_, i) => rateLimitSubject(`2001:db8:aa:bb:${i.toString(16)}::${(i * 7).toString(16)}`)));
    expect([...subjects]).toEqual(['2001:db8:aa:bb::/64']);
    expect(rateLimitSubject('2001:db8:aa:bc::1')).not.toBe('2001:db8:aa:bb::/64');
    expect(rateLimitSubject(null)).toBe('unknown');
  });
});
