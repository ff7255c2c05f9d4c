import { UploadBatchFileEntity } from '../modules/nexus/batch/entities/upload-batch-file.entity.js';
import { UploadBatchEntity } from '../modules/nexus/batch/entities/upload-batch.entity.js';
import { ClientEntity } from '../modules/clients/entities/client.entity.js';
import { DocumentInvestorEntity } from '../modules/clients/entities/document-investor.entity.js';
import { HouseholdMemberEntity } from '../modules/clients/entities/household-member.entity.js';
import { HouseholdEntity } from '../modules/clients/entities/household.entity.js';
import { AuditLogEntity } from '../modules/audit/entities/audit-log.entity.js';
import { SessionEntity } from '../modules/auth/entities/session.entity.js';
import { DocumentEntity } from '../modules/nexus/entities/document.entity.js';
import { ExtractionEntity } from '../modules/nexus/entities/extraction.entity.js';
import { PipelineProcessEntity } from '../modules/nexus/entities/pipeline-process.entity.js';
import { PipelineStageEntity } from '../modules/nexus/entities/pipeline-stage.entity.js';
import { TokenUsageEntity } from '../modules/nexus/entities/token-usage.entity.js';
import { ReportEntity } from '../modules/nexus/export/entities/report.entity.js';
import { PendingFileRemovalEntity } from '../modules/nexus/storage/entities/pending-file-removal.entity.js';
import { OutboxEventEntity } from '../modules/outbox/entities/outbox-event.entity.js';
import { SsoConfigurationEntity } from '../modules/sso/entities/sso-configuration.entity.js';
import { SsoLoginCodeEntity } from '../modules/sso/entities/sso-login-code.entity.js';
import { SsoLoginRequestEntity } from '../modules/sso/entities/sso-login-request.entity.js';
import { WebhookAttemptEntity } from '../modules/webhooks/entities/webhook-attempt.entity.js';
import { WebhookDeliveryEntity } from '../modules/webhooks/entities/webhook-delivery.entity.js';
import { WebhookSubscriptionEntity } from '../modules/webhooks/entities/webhook-subscription.entity.js';
import { ChatChunkEntity } from '../modules/zen/documents/entities/chat-chunk.entity.js';
import { ChatDocumentEntity } from '../modules/zen/documents/entities/chat-document.entity.js';
import { ChatMessageEntity } from '../modules/zen/entities/chat-message.entity.js';
import { ChatSessionEntity } from '../modules/zen/entities/chat-session.entity.js';
import { TenantEntity } from '../modules/tenants/entities/tenant.entity.js';
import { PasswordHistoryEntity } from '../modules/users/entities/password-history.entity.js';
import { UserEntity } from '../modules/users/entities/user.entity.js';
import { InvitationEntity } from '../modules/users/entities/invitation.entity.js';

/** Every entity, for the data source, the migration generator and the schema-drift test. */
export const ENTITIES = [TenantEntity, UserEntity, PasswordHistoryEntity, InvitationEntity, SessionEntity, AuditLogEntity, DocumentEntity,
  PipelineProcessEntity, PipelineStageEntity, ExtractionEntity, TokenUsageEntity, OutboxEventEntity, ReportEntity,
  WebhookSubscriptionEntity, WebhookDeliveryEntity, WebhookAttemptEntity,
  ChatSessionEntity, ChatMessageEntity, ChatDocumentEntity, ChatChunkEntity,
  SsoConfigurationEntity, SsoLoginRequestEntity, SsoLoginCodeEntity,
  ClientEntity, HouseholdEntity, HouseholdMemberEntity, DocumentInvestorEntity,
  UploadBatchEntity, UploadBatchFileEntity, PendingFileRemovalEntity];
