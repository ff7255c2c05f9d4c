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
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
/** `page`/`limit` pagination (activity feed, audit log, admin lists). */
export class PageQueryDto {
    constructor() {
        this.page = 1;
        this.limit = 20;
    }
}
__decorate([
    ApiPropertyOptional({ minimum: 1, default: 1, example: 1 }),
    IsOptional(),
    Type(() => Number),
    IsInt(),
    Min(1),
    Max(100000),
    __metadata("design:type", Number)
], PageQueryDto.prototype, "page", void 0);
__decorate([
    ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20, example: 20 }),
    IsOptional(),
    Type(() => Number),
    IsInt(),
    Min(1),
    Max(100),
    __metadata("design:type", Number)
], PageQueryDto.prototype, "limit", void 0);
export const paginated = (items, total, { page, limit }) => ({
    items,
    page,
    limit,
    total,
    has_more: page * limit < total,
});
export const offsetOf = ({ page, limit }) => (page - 1) * limit;
export class PaginatedMetaDto {
}
__decorate([
    ApiProperty({ example: 1 }),
    __metadata("design:type", Number)
], PaginatedMetaDto.prototype, "page", void 0);
__decorate([
    ApiProperty({ example: 20 }),
    __metadata("design:type", Number)
], PaginatedMetaDto.prototype, "limit", void 0);
__decorate([
    ApiProperty({ example: 42 }),
    __metadata("design:type", Number)
], PaginatedMetaDto.prototype, "total", void 0);
__decorate([
    ApiProperty({ example: true }),
    __metadata("design:type", Boolean)
], PaginatedMetaDto.prototype, "has_more", void 0);
//# sourceMappingURL=pagination.js.map