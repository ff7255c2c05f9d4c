import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';
import { ClientEntity } from './client.entity.js';
import { HouseholdEntity } from './household.entity.js';

export const RELATIONSHIPS = ['self', 'spouse', 'child', 'parent', 'huf', 'other'] as const;
/** How a member relates to the household's head (`self`; at most one per household). `huf`: the family's Hindu undivided family. */
export type Relationship = (typeof RELATIONSHIPS)[number];

/** A client's place in a household. A client belongs to at most one household. */
@Entity({ name: 'household_members' })
@Index(['tenantId', 'householdId'])
export class HouseholdMemberEntity extends TenantScopedEntity {
  /** One household per client: the primary key. */
  @PrimaryColumn({ name: 'client_id', type: 'varchar', length: 40 })
  clientId: string;

  @ManyToOne(() => ClientEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: Relation<ClientEntity>;

  @Column({ name: 'household_id', type: 'varchar', length: 40 })
  householdId: string;

  @ManyToOne(() => HouseholdEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'household_id' })
  household?: Relation<HouseholdEntity>;

  @Column({ type: 'varchar', length: 16 })
  relationship: Relationship;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
