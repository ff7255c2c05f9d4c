import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsString, MaxLength, ValidateNested } from 'class-validator';
import { PageQueryDto, PaginatedMetaDto } from '../../../common/http/pagination.js';
import { RELATIONSHIPS, type Relationship } from '../entities/household-member.entity.js';
import { NameRules } from './client.dto.js';
import { Omittable } from '../../../common/decorators/omittable.decorator.js';


const RELATIONSHIP_DESCRIPTION = 'To the head of the household (`self`, at most one); `huf`: the family’s Hindu undivided family';

export class HouseholdMemberInputDto {
  @ApiProperty({ example: 'cli_0a1b2c3d4e5f60718293a4b5' })
  @IsString()
  @MaxLength(40)
  client_id: string;

  @ApiProperty({ enum: RELATIONSHIPS, example: 'self', description: RELATIONSHIP_DESCRIPTION })
  @IsIn(RELATIONSHIPS)
  relationship: Relationship;
}

export class CreateHouseholdDto {
  @ApiProperty({ example: 'Sharma family', maxLength: 200 })
  @NameRules()
  name: string;

  @ApiPropertyOptional({
    type: [HouseholdMemberInputDto],
    example: [
      { client_id: 'cli_0a1b2c3d4e5f60718293a4b5', relationship: 'self' },
      { client_id: 'cli_9f8e7d6c5b4a39281706f5e4', relationship: 'spouse' },
    ],
    description: 'At most 50; a client belongs to at most one household',
  })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => HouseholdMemberInputDto)
  members?: HouseholdMemberInputDto[];
}

export class UpdateHouseholdDto {
  @ApiProperty({ example: 'Sharma family (Pune)', maxLength: 200 })
  @NameRules()
  name: string;
}

export class SetMemberDto {
  @ApiProperty({ enum: RELATIONSHIPS, example: 'child', description: RELATIONSHIP_DESCRIPTION })
  @IsIn(RELATIONSHIPS)
  relationship: Relationship;
}

export class HouseholdListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ example: 'sharma', description: 'Names containing this, case-insensitive' })
  @Omittable()
  @NameRules()
  name?: string;
}

export class HouseholdMemberDto {
  @ApiProperty({ example: 'cli_0a1b2c3d4e5f60718293a4b5' }) client_id: string;
  @ApiProperty({ nullable: true, type: String, example: 'Priya Sharma' }) name: string | null;
  @ApiProperty({ example: 'ABCPS1234K' }) pan: string;
  @ApiProperty({ enum: RELATIONSHIPS, example: 'self' }) relationship: Relationship;
}

export class HouseholdDto {
  @ApiProperty({ example: 'hh_5e6f7a8b9c0d1e2f3a4b5c6d' }) household_id: string;
  @ApiProperty({ example: 'Sharma family' }) name: string;
  @ApiProperty({ type: [HouseholdMemberDto] }) members: HouseholdMemberDto[];
  @ApiProperty({ example: '2026-11-22T10:15:30.000Z' }) created_at: string;
  @ApiProperty({ example: '2026-11-22T10:15:30.000Z' }) updated_at: string;
}

export class HouseholdPageDto extends PaginatedMetaDto {
  @ApiProperty({ type: [HouseholdDto] }) items: HouseholdDto[];
}
