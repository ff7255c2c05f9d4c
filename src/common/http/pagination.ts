import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** `page`/`limit` pagination (activity feed, audit log, admin lists). */
export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1, example: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100000)
  page: number = 1;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20, example: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit: number = 20;
}

export interface Paginated<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
  has_more: boolean;
}

export const paginated = <T>(items: T[], total: number, { page, limit }: PageQueryDto): Paginated<T> => ({
  items,
  page,
  limit,
  total,
  has_more: page * limit < total,
});

export const offsetOf = ({ page, limit }: PageQueryDto) => (page - 1) * limit;

export class PaginatedMetaDto {
  @ApiProperty({ example: 1 }) page: number;
  @ApiProperty({ example: 20 }) limit: number;
  @ApiProperty({ example: 42 }) total: number;
  @ApiProperty({ example: true }) has_more: boolean;
}
