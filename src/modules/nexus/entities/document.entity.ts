import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn, type Relation } from 'typeorm';
import type { ErrorCode } from '../../../common/errors/error-codes.js';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';
import { UserEntity } from '../../users/entities/user.entity.js';

export type DocumentStatus = 'uploaded' | 'processing' | 'completed' | 'failed';

/** Why a document's layout could not be drawn, as the LAYOUT fetch answered it. */
export interface LayoutError {
  code: ErrorCode;
  message: string;
}

/** Where a document was uploaded. */
export type DocumentOrigin = 'nexus' | 'chat';

/** Whether a document's investors are linked to the client register: a chat upload only once its owner attached it. */
export const linksToRegister = (doc: Pick<DocumentEntity, 'origin' | 'attachedAt'>): boolean => doc.origin === 'nexus' || doc.attachedAt !== null;

/** An uploaded statement: the original file's facts, its owner, and where the pipeline has got to. */
@Entity({ name: 'documents' })
@Index(['tenantId', 'ownerId', 'createdAt'])
@Index(['tenantId', 'createdAt'])
export class DocumentEntity extends TenantScopedEntity {
  /** doc_id */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  /** job_id: the handle clients use to start processing and fetch the original. */
  @Index({ unique: true })
  @Column({ name: 'job_id', type: 'uuid' })
  jobId: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 40 })
  ownerId: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: Relation<UserEntity>;

  /** The client's file name, for display only: never used to build a storage path. */
  @Column({ name: 'file_name', type: 'varchar', length: 255 })
  fileName: string;

  @Column({ name: 'storage_key', type: 'varchar', length: 255 })
  storageKey: string;

  @Column({ type: 'char', length: 64 })
  sha256: string;

  @Column({ name: 'size_bytes', type: 'bigint', transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  sizeBytes: number;

  /** Null while the file is encrypted and no password has been given. */
  @Column({ type: 'int', nullable: true })
  pages: number | null;

  @Column({ name: 'password_required', type: 'boolean' })
  passwordRequired: boolean;

  @Column({ name: 'password_hint', type: 'varchar', length: 255, nullable: true })
  passwordHint: string | null;

  /**
   * The PDF password once proven, sealed with APP_ENCRYPTION_KEY (AES-256-GCM); never stored in clear,
   * returned or logged. Kept while the document exists: re-runs and the LAYOUT fetch open the file with it.
   */
  @Column({ name: 'sealed_password', type: 'text', nullable: true })
  sealedPassword: string | null;

  /** Bytes of the stored layout (`<key>.layout.zip`), 0 while none is stored: counted in the stored-bytes quotas. */
  @Column({ name: 'layout_bytes', type: 'bigint', default: 0, transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  layoutBytes: number;

  /** The answer of a layout that could not be drawn (the document's own verdict), given again without drawing; cleared with a new password. */
  @Column({ name: 'layout_error', type: 'jsonb', nullable: true })
  layoutError: LayoutError | null;

  /**
   * When the retention purge removed the original, its stored layout and the stage outputs (the
   * tenant's `retention_days`); null while they are kept. The extraction stays.
   */
  @Column({ name: 'original_purged_at', type: 'timestamptz', nullable: true })
  originalPurgedAt: Date | null;

  /**
   * `nexus`, or `chat` for a statement uploaded into a chat session: its owner's alone, linked to the
   * client register only once its owner attaches it (`attachedAt`).
   */
  @Column({ type: 'varchar', length: 8, default: 'nexus' })
  origin: DocumentOrigin;

  /** When the owner attached a chat upload to the client register; null for one that is not (and for nexus uploads, which always are). */
  @Column({ name: 'attached_at', type: 'timestamptz', nullable: true })
  attachedAt: Date | null;

  @Column({ type: 'varchar', length: 16 })
  status: DocumentStatus;

  @Column({ type: 'varchar', length: 64, nullable: true })
  classification: string | null;

  @Column({ name: 'confidence_score', type: 'double precision', nullable: true })
  confidenceScore: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
