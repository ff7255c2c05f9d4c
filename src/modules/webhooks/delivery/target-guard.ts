import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';

/** Loopback, private, link-local, CGNAT, unspecified, multicast and reserved ranges (IPv4 and IPv6). */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['64:ff9b:1::', 48], // NAT64 for local use (RFC 8215): where it puts the IPv4 address varies, so all of it
  ['2001::', 32], // Teredo: carries IPv4 addresses (one of them obfuscated), so all of it
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv6');
}

/**
 * IPv6 ranges that carry an IPv4 address, and the group it starts at: IPv4-mapped, IPv4-compatible
 * (which holds :: and ::1 too, refused as 0.0.0.0 and 0.0.0.1), NAT64's well-known prefix (64:ff9b::a9fe:a9fe is 169.254.169.254) and
 * 6to4. Their IPv4 address is unwrapped and checked as IPv4. (Kept apart from BLOCKED: Node's
 * BlockList would otherwise match IPv4 addresses against a ::ffff:0:0/96 rule.)
 */
const EMBEDS_IPV4 = (
  [
    ['::ffff:0:0', 96, 6],
    ['::', 96, 6],
    ['64:ff9b::', 96, 6],
    ['2002::', 16, 1],
  ] as const
).map(([net, prefix, at]) => {
  const range = new BlockList();
  range.addSubnet(net, prefix, 'ipv6');
  return { range, at };
});

export const isBlockedAddress = (raw: string): boolean => {
  const address = raw.split('%')[0]; // a zone (fe80::1%eth0) names an interface, not part of the address
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  const embedding = EMBEDS_IPV4.find((e) => e.range.check(address, 'ipv6'));
  if (embedding) {
    const [hi, lo] = ipaddr.IPv6.parse(address).parts.slice(embedding.at, embedding.at + 2);
    return BLOCKED.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
  }
  return BLOCKED.check(address, 'ipv6');
};

export class TargetRefused extends Error {}

/** Checks a URL's form: http(s), a host, no credentials. */
export function assertWebhookUrlForm(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefused('url must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TargetRefused('url must use http or https');
  if (!url.hostname) throw new TargetRefused('url must name a host');
  if (url.username || url.password) throw new TargetRefused('url must not carry credentials');
  return url;
}

/**
 * Resolves the host and refuses it when any of its addresses is not a public one (unless private
 * targets are allowed). Returns the addresses, so the caller can connect to exactly what was checked.
 */
export async function resolvePublicTarget(url: URL, allowPrivate: boolean): Promise<Array<{ address: string; family: number }>> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new TargetRefused(`the host ${host} does not resolve`);
    }
  }
  if (!allowPrivate && addresses.some((a) => isBlockedAddress(a.address))) {
    throw new TargetRefused(`the host ${host} resolves to a loopback, private or link-local address`);
  }
  return addresses;
}

/**
 * An undici agent whose every connection resolves its host through resolvePublicTarget, so the
 * address checked is the address connected to (no DNS rebinding between a check and the connect),
 * with `timeoutMs` for connecting, the headers and the body. For every outbound call to a URL a
 * tenant gave us: webhook receivers, identity providers.
 */
export function guardedAgent(allowPrivate: boolean, timeoutMs: number): Agent {
  return new Agent({
    connect: {
      timeout: timeoutMs,
      lookup: (hostname, options, callback) => {
        resolvePublicTarget(new URL(`http://${hostname.includes(':') ? `[${hostname}]` : hostname}`), allowPrivate).then(
          (addresses) => {
            if ((options as { all?: boolean }).all) callback(null, addresses as LookupAddress[]);
            else callback(null, addresses[0].address, addresses[0].family);
          },
          (error) => callback(error, '', 0),
        );
      },
    },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
}
