var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { lowerTrimmed, trimmed } from '../../users/dto/user-requests.dto.js';
import { Omittable } from '../../../common/decorators/omittable.decorator.js';
export class RegisterDto {
}
__decorate([
    ApiProperty({ example: 'priya.sharma@example.in' }),
    Transform(lowerTrimmed),
    IsEmail(),
    MaxLength(254),
    __metadata("design:type", String)
], RegisterDto.prototype, "email", void 0);
__decorate([
    ApiProperty({ example: 'Str0ng-Passw0rd!', description: '12+ characters with upper, lower, digit and symbol' }),
    IsString(),
    MaxLength(256),
    __metadata("design:type", String)
], RegisterDto.prototype, "password", void 0);
__decorate([
    ApiProperty({ example: 'Priya Sharma' }),
    Transform(trimmed),
    IsString(),
    IsNotEmpty(),
    MaxLength(200),
    __metadata("design:type", String)
], RegisterDto.prototype, "full_name", void 0);
__decorate([
    ApiPropertyOptional({ example: 'Sharma Wealth Advisors', description: "The new tenant's name (defaults to the user's name)" }),
    Omittable(),
    Transform(trimmed),
    IsString(),
    IsNotEmpty(),
    MaxLength(200),
    __metadata("design:type", String)
], RegisterDto.prototype, "tenant_name", void 0);
export class LoginDto {
}
__decorate([
    ApiProperty({ example: 'priya.sharma@example.in' }),
    Transform(lowerTrimmed),
    IsString(),
    IsNotEmpty(),
    MaxLength(254),
    __metadata("design:type", String)
], LoginDto.prototype, "email", void 0);
__decorate([
    ApiProperty({ example: 'Str0ng-Passw0rd!' }),
    IsString(),
    IsNotEmpty(),
    MaxLength(256),
    __metadata("design:type", String)
], LoginDto.prototype, "password", void 0);
export class RefreshDto {
}
__decorate([
    ApiPropertyOptional({
        description: 'The refresh token; may instead be sent as `Authorization: Bearer <refresh_token>`',
        example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9…',
    }),
    Omittable(),
    IsString(),
    IsNotEmpty(),
    MaxLength(4096),
    __metadata("design:type", String)
], RefreshDto.prototype, "refresh_token", void 0);
//# sourceMappingURL=auth-requests.dto.js.map