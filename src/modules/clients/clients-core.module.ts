import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { TenantsModule } from '../tenants/tenants.module.js';
import { ClientRegister } from './client-register.js';
import { ClientsRepository } from './clients.repository.js';
import { ClientEntity } from './entities/client.entity.js';
import { DocumentInvestorEntity } from './entities/document-investor.entity.js';
import { HouseholdMemberEntity } from './entities/household-member.entity.js';
import { HouseholdEntity } from './entities/household.entity.js';

/**
 * The register's storage and ClientRegister, without routes: what nexus uses (linking a completed
 * statement, the clients of a document) without depending on the clients' HTTP module, which itself
 * uses nexus.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ClientEntity, HouseholdEntity, HouseholdMemberEntity, DocumentInvestorEntity]), AuditModule, TenantsModule],
  providers: [ClientsRepository, ClientRegister],
  exports: [ClientsRepository, ClientRegister],
})
export class ClientsCoreModule {}
