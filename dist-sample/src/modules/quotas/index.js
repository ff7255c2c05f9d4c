/**
 * The quotas module's public API, for every other module: `QuotasModule`; `QuotasService` (admit an
 * upload or a chat invocation, the stored-bytes check under the tenant's lock); `UsageService` and
 * its DTOs, the admins' usage report, which the dashboard module's route composes with nexus's stored
 * bytes. `api-quota-refusal.decorator.ts` documents a route's 429.
 */
export { QuotasModule } from './quotas.module.js';
export { QuotasService } from './quotas.service.js';
export { UsageService } from './usage.service.js';
export { TenantUsageDto, UsageQueryDto } from './dto/usage.dto.js';
//# sourceMappingURL=index.js.map