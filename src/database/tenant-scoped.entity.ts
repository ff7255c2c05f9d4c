import { Column, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TenantEntity } from '../modules/tenants/entities/tenant.entity.js';

/**
 * Base of every row that belongs to a tenant. Repositories take the tenant id in every method and
 * filter on it, so another tenant's row is simply "not found".
 */
export abstract class TenantScopedEntity {
  @Index()
  @Column({ name: 'tenant_id', type: 'varchar', length: 40 })
  tenantId: string;

  @ManyToOne(() => TenantEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: Relation<TenantEntity>;
}
