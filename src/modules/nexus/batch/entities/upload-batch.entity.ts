import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { TenantScopedEntity } from '../../../../database/tenant-scoped.entity.js';
import { UserEntity } from '../../../users/entities/user.entity.js';

/** How a batch's files came: multipart parts, or the entries of one ZIP. */
export type BatchSource = 'multipart' | 'zip';

/** One batch upload (`POST /api/v1/nexus/upload/batch`): its files are its upload_batch_files rows. */
@Entity({ name: 'upload_batches' })
@Index(['tenantId', 'createdAt'])
export class UploadBatchEntity extends TenantScopedEntity {
  /** `bat_<id>` */
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 40 })
  ownerId: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: Relation<UserEntity>;

  @Column({ type: 'varchar', length: 16 })
  source: BatchSource;

  @Column({ name: 'file_count', type: 'int' })
  fileCount: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
