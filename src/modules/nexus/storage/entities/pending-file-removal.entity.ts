import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A stored object whose rows are deleted and that is still to be removed from the document store (an
 * original, a layout, a report): written in the transaction that deletes the rows (a document's
 * deletion, the retention purge), dropped once the object is gone. The store sweep (StoreSweeper)
 * retries what the first attempt after the commit could not remove. Holds keys only (tenant and
 * document or report ids), nothing personal. Not tied to the tenant's row: an object is removed even
 * after its tenant is.
 */
@Entity({ name: 'pending_file_removals' })
export class PendingFileRemovalEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'tenant_id', type: 'varchar', length: 40 })
  tenantId: string;

  @Index({ unique: true })
  @Column({ name: 'storage_key', type: 'varchar', length: 300 })
  storageKey: string;

  /** What deleted the rows: `document.delete` or `document.original_purge`. */
  @Column({ type: 'varchar', length: 40 })
  reason: string;

  /** Failed removals so far. */
  @Column({ type: 'int', default: 0 })
  attempts: number;

  /** The last failure's error code or name (EACCES, StorageUnavailable, …), never its message. */
  @Column({ name: 'last_error', type: 'varchar', length: 64, nullable: true })
  lastError: string | null;

  @Column({ name: 'last_attempt_at', type: 'timestamptz', nullable: true })
  lastAttemptAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
