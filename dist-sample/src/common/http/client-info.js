import { createParamDecorator } from '@nestjs/common';
import ipaddr from 'ipaddr.js';
/**
 * The caller's IP (Express's view: the connection's address, or the one the trusted proxies named,
 * per TRUST_PROXY) and user agent.
 */
export const Client = createParamDecorator((_, ctx) => {
    const req = ctx.switchToHttp().getRequest();
    return { ip: req.ip ?? null, userAgent: req.header('user-agent') ?? null };
});
/**
 * Who a per-address limit counts: an IPv4 address whole (an IPv4-mapped IPv6 address as its IPv4
 * address), an IPv6 address by its /64. One subscriber, one host even, is handed a whole /64 and may
 * pick any of its 2^64 addresses, so counting whole IPv6 addresses would let it start afresh at will.
 */
export function rateLimitSubject(ip) {
    if (!ip || !ipaddr.isValid(ip))
        return 'unknown';
    const address = ipaddr.process(ip);
    if (address.kind() === 'ipv4')
        return address.toString();
    const network = address.parts.slice(0, 4).map((part) => part.toString(16));
    return `${network.join(':')}::/64`;
}
//# sourceMappingURL=client-info.js.map