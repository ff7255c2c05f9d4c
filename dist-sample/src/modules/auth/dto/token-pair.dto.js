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
import { UserDto } from '../../users/dto/user.dto.js';
export class TokenPairDto {
}
__decorate([
    ApiProperty({ example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9…' }),
    __metadata("design:type", String)
], TokenPairDto.prototype, "access_token", void 0);
__decorate([
    ApiProperty({ example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9…', description: 'Single use: each refresh returns a new one' }),
    __metadata("design:type", String)
], TokenPairDto.prototype, "refresh_token", void 0);
__decorate([
    ApiProperty({ example: 'bearer' }),
    __metadata("design:type", String)
], TokenPairDto.prototype, "token_type", void 0);
__decorate([
    ApiProperty({ example: 3600 }),
    __metadata("design:type", Number)
], TokenPairDto.prototype, "expires_in", void 0);
__decorate([
    ApiProperty({ type: UserDto }),
    __metadata("design:type", UserDto)
], TokenPairDto.prototype, "user", void 0);
//# sourceMappingURL=token-pair.dto.js.map