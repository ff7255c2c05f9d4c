var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { ApiProperty } from '@nestjs/swagger';
import { ROLES } from '../../../common/auth/roles.js';
import { PaginatedMetaDto } from '../../../common/http/pagination.js';
export class UserDto {
}
__decorate([
    ApiProperty({ example: 'usr_5d1c0c1e2f3a4b5c6d7e8f90' }),
    __metadata("design:type", String)
], UserDto.prototype, "id", void 0);
__decorate([
    ApiProperty({ example: 'priya.sharma@example.in' }),
    __metadata("design:type", String)
], UserDto.prototype, "email", void 0);
__decorate([
    ApiProperty({ enum: ROLES, example: 'analyst' }),
    __metadata("design:type", String)
], UserDto.prototype, "role", void 0);
__decorate([
    ApiProperty({ example: 'ten_0a1b2c3d4e5f60718293a4b5' }),
    __metadata("design:type", String)
], UserDto.prototype, "tenant_id", void 0);
__decorate([
    ApiProperty({ example: 'Priya Sharma' }),
    __metadata("design:type", String)
], UserDto.prototype, "full_name", void 0);
/** `invited`: added by an admin, not yet accepted (no account exists until then). */
export const USER_STATUSES = ['active', 'disabled', 'invited'];
export class UserDetailDto extends UserDto {
}
__decorate([
    ApiProperty({ enum: USER_STATUSES, example: 'active' }),
    __metadata("design:type", String)
], UserDetailDto.prototype, "status", void 0);
__decorate([
    ApiProperty({ example: false }),
    __metadata("design:type", Boolean)
], UserDetailDto.prototype, "disabled", void 0);
__decorate([
    ApiProperty({ nullable: true, type: String, example: '2026-11-22T10:15:30.000Z' }),
    __metadata("design:type", Object)
], UserDetailDto.prototype, "last_login_at", void 0);
__decorate([
    ApiProperty({ example: '2026-11-01T08:00:00.000Z' }),
    __metadata("design:type", String)
], UserDetailDto.prototype, "created_at", void 0);
export class UserPageDto extends PaginatedMetaDto {
}
__decorate([
    ApiProperty({ type: [UserDetailDto] }),
    __metadata("design:type", Array)
], UserPageDto.prototype, "items", void 0);
export const toUserDto = (user) => ({
    id: user.id,
    email: user.email,
    role: user.role,
    tenant_id: user.tenantId,
    full_name: user.fullName,
});
export const toUserDetailDto = (user) => ({
    ...toUserDto(user),
    status: user.disabledAt === null ? 'active' : 'disabled',
    disabled: user.disabledAt !== null,
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
});
//# sourceMappingURL=user.dto.js.map