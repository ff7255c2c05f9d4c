import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'tenants' })
export class TenantEntity {
  /** `ten_<id>` */
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** Whether a completed statement creates the client of a PAN the register does not hold yet. */
  @Column({ name: 'client_auto_create', type: 'boolean', default: true })
  clientAutoCreate: boolean;

  /** Days an original statement is kept; null keeps them. */
  @Column({ name: 'retention_days', type: 'int', nullable: true })
  retentionDays: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
