import { AuditLogEntity } from '../modules/audit/entities/audit-log.entity.js';
import { SessionEntity } from '../modules/auth/entities/session.entity.js';
import { DocumentEntity } from '../modules/nexus/entities/document.entity.js';
import { TenantEntity } from '../modules/tenants/entities/tenant.entity.js';
import { PasswordHistoryEntity } from '../modules/users/entities/password-history.entity.js';
import { UserEntity } from '../modules/users/entities/user.entity.js';

/** Every entity, for the data source, the migration generator and the schema-drift test. */
export const ENTITIES = [TenantEntity, UserEntity, PasswordHistoryEntity, SessionEntity, AuditLogEntity, DocumentEntity];
