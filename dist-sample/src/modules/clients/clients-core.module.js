var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
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
let ClientsCoreModule = class ClientsCoreModule {
};
ClientsCoreModule = __decorate([
    Module({
        imports: [TypeOrmModule.forFeature([ClientEntity, HouseholdEntity, HouseholdMemberEntity, DocumentInvestorEntity]), AuditModule, TenantsModule],
        providers: [ClientsRepository, ClientRegister],
        exports: [ClientsRepository, ClientRegister],
    })
], ClientsCoreModule);
export { ClientsCoreModule };
//# sourceMappingURL=clients-core.module.js.map