import { applyDecorators, createParamDecorator, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
export const IS_PUBLIC = 'foliodesk:public';
export const MIN_ROLE = 'foliodesk:min-role';
/** No token needed (authentication and health routes). Everything else is deny-by-default. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
/**
 * The least role a route needs (viewer < analyst < admin), with the matching Swagger security.
 * Routes without it still need a valid token (any role).
 */
export const Roles = (minimum) => applyDecorators(SetMetadata(MIN_ROLE, minimum), ApiBearerAuth(), ApiUnauthorizedResponse({ description: 'Missing, expired or revoked token' }), ApiForbiddenResponse({ description: `Requires the ${minimum} role or higher` }));
export const CurrentUser = createParamDecorator((_, ctx) => {
    const req = ctx.switchToHttp().getRequest();
    if (!req.user)
        throw new Error('CurrentUser used on a public route');
    return req.user;
});
//# sourceMappingURL=decorators.js.map