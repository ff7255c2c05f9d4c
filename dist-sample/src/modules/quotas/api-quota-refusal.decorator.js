import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
/** Documents the 429 a route answers when one of the caller's or the tenant's quotas (`which`) would be exceeded. */
export const ApiQuotaRefusal = (which) => ApiTooManyRequestsResponse({
    description: `QUOTA_EXCEEDED: ${which} of the caller or of the tenant used up; retry after \`Retry-After\` seconds. Nothing was stored`,
});
//# sourceMappingURL=api-quota-refusal.decorator.js.map