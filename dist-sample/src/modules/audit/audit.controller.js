var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import { PageQueryDto } from '../../common/http/pagination.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { AuditService } from './audit.service.js';
import { AuditPageDto } from './dto/audit-event.dto.js';
let AuditController = class AuditController {
    constructor(audit) {
        this.audit = audit;
    }
    list(user, query) {
        return this.audit.list(user.tenantId, query);
    }
};
__decorate([
    Get(),
    Roles('admin'),
    ApiOperation({ summary: "The tenant's audit log, newest first" }),
    ApiEnvelope(AuditPageDto),
    __param(0, CurrentUser()),
    __param(1, Query()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, PageQueryDto]),
    __metadata("design:returntype", void 0)
], AuditController.prototype, "list", null);
AuditController = __decorate([
    ApiTags('Audit'),
    Controller('api/v1/audit'),
    __metadata("design:paramtypes", [AuditService])
], AuditController);
export { AuditController };
//# sourceMappingURL=audit.controller.js.map