var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
import { Module } from '@nestjs/common';
import { UsersCoreModule } from '../users/users-core.module.js';
import { QuotaCountersRepository } from './quota-counters.repository.js';
import { QuotasService } from './quotas.service.js';
import { UsageService } from './usage.service.js';
/** Usage quotas per tenant and per user (uploads, stored bytes, chat), and the admins' usage report (its route is the dashboard module's). */
let QuotasModule = class QuotasModule {
};
QuotasModule = __decorate([
    Module({
        imports: [UsersCoreModule],
        providers: [QuotaCountersRepository, QuotasService, UsageService],
        exports: [QuotasService, UsageService],
    })
], QuotasModule);
export { QuotasModule };
//# sourceMappingURL=quotas.module.js.map