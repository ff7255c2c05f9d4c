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
import { IsEmail, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { ROLES } from '../../../common/auth/roles.js';
import { Omittable } from '../../../common/decorators/omittable.decorator.js';
export const trimmed = ({ value }) => (typeof value === 'string' ? value.trim() : value);
export const lowerTrimmed = ({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
export class UpdateMeDto {
}
__decorate([
    ApiPropertyOptional({ example: 'Priya S. Sharma', maxLength: 200 }),
    Omittable(),
    Transform(trimmed),
    IsString(),
    IsNotEmpty(),
    MaxLength(200),
    __metadata("design:type", String)
], UpdateMeDto.prototype, "full_name", void 0);
__decorate([
    ApiPropertyOptional({ description: 'Required with new_password', example: 'Old-Passw0rd!x' }),
    Omittable(),
    IsString(),
    MaxLength(256),
    __metadata("design:type", String)
], UpdateMeDto.prototype, "current_password", void 0);
__decorate([
    ApiPropertyOptional({
        description: '12+ characters with upper, lower, digit and symbol; not one of the last 5',
        example: 'N3w-Passw0rd!x',
    }),
    Omittable(),
    IsString(),
    MaxLength(256),
    __metadata("design:type", String)
], UpdateMeDto.prototype, "new_password", void 0);
export class CreateUserDto {
}
__decorate([
    ApiProperty({ example: 'rahul.verma@example.in' }),
    Transform(lowerTrimmed),
    IsEmail(),
    MaxLength(254),
    __metadata("design:type", String)
], CreateUserDto.prototype, "email", void 0);
__decorate([
    ApiProperty({ example: 'Rahul Verma' }),
    Transform(trimmed),
    IsString(),
    IsNotEmpty(),
    MaxLength(200),
    __metadata("design:type", String)
], CreateUserDto.prototype, "full_name", void 0);
__decorate([
    ApiProperty({ enum: ROLES, example: 'analyst' }),
    IsIn(ROLES),
    __metadata("design:type", String)
], CreateUserDto.prototype, "role", void 0);
export class UpdateUserDto {
}
__decorate([
    ApiProperty({ enum: ROLES, example: 'viewer' }),
    IsIn(ROLES),
    __metadata("design:type", String)
], UpdateUserDto.prototype, "role", void 0);
//# sourceMappingURL=user-requests.dto.js.map