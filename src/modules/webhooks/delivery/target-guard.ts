import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';

/**
 * IPv6 ranges that carry an IPv4 address, and the group it starts at: IPv4-mapped (::ffff:0:0/96),
 * IPv4-translated (::ffff:0:0:0/96, RFC 6145), NAT64's well-known prefix (64:ff9b::a9fe:a9fe is
 * 169.254.169.254) and 6to4. Their IPv4 address is unwrapped and judged as IPv4.
 */
const EMBEDS_IPV4 = (
  [
    ['::ffff:0:0', 96, 6],
    ['::ffff:0:0:0', 96, 6],
    ['64:ff9b::', 96, 6],
    ['2002::', 16, 1],
  ] as const
).map(([net, bits, at]) => ({ net: ipaddr.IPv6.parse(net), bits, at }));

/** IANA's global unicast space for IPv6; everything outside it (::/8, 100::/64, fec0::/10, …) is refused. */
const IPV6_GLOBAL_UNICAST = ipaddr.IPv6.parse('2000::');

/**
 * Only global unicast addresses may be targets: an address passes when ipaddr.js files it under none
 * of its special ranges ('unicast'), and an IPv6 one must also lie in 2000::/3. Loopback, private,
 * link-local, CGNAT, multicast, documentation, benchmarking, Teredo, NAT64 for local use, discard-only,
 * site-local and the rest are refused by that one rule, not by a list kept here.
 */
export function isGlobalUnicast(raw: string): boolean {
  const text = raw.split('%')[0]; // a zone (fe80::1%eth0) names an interface, not part of the address
  const family = isIP(text);
  if (family === 0) return false; // only the standard forms (no 127.1, no 0x7f.0.0.1)
  const address = ipaddr.parse(family === 6 ? withHexTail(text) : text);
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const v6 = address as ipaddr.IPv6;
  const embedding = EMBEDS_IPV4.find(({ net, bits }) => v6.match(net, bits));
  if (embedding) {
    const [hi, lo] = v6.parts.slice(embedding.at, embedding.at + 2);
    return isGlobalUnicast(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  return v6.range() === 'unicast' && v6.match(IPV6_GLOBAL_UNICAST, 3);
}

/**
 * An IPv6 address whose last 32 bits are written as a dotted quad, with them in hex: ipaddr.js reads
 * `::a.b.c.d` as IPv4-mapped (::ffff:a.b.c.d), which is another address.
 */
function withHexTail(text: string): string {
  return text.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) => `${((+a << 8) | +b).toString(16)}:${((+c << 8) | +d).toString(16)}`);
}

export const isBlockedAddress = (raw: string): boolean => !isGlobalUnicast(raw);

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
 * Resolves the host and refuses it when any of its addresses is not global unicast (unless private
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
    throw new TargetRefused(`the host ${host} resolves to an address that is not public: loopback, private or link-local, or another reserved range`);
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
