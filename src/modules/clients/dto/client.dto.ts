import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { PageQueryDto, PaginatedMetaDto } from '../../../common/http/pagination.js';
import type { ClientEntity } from '../entities/client.entity.js';
import type { DocumentInvestorEntity, LinkFlag } from '../entities/document-investor.entity.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const upperTrimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const lowerTrimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
const lowerTrimmedEach = ({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v)) : value);

/** A tag: lower case letters, digits, `-`, `_`, `:` and spaces, 1–40 characters. */
const TAG = /^[a-z0-9][a-z0-9 _:-]{0,39}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MOBILE = /^\+?[0-9]{10,15}$/;

const PAN_DESCRIPTION = 'AAAAA9999A; the fourth letter is the holder type (P individual, H HUF, C company, …). Trimmed and upper-cased; unique in the tenant.';

export class CreateClientDto {
  @ApiProperty({ example: 'Priya Sharma', maxLength: 200 })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  @ApiProperty({ example: 'ABCPS1234K', description: PAN_DESCRIPTION })
  @Transform(upperTrimmed)
  @IsString()
  @MaxLength(20)
  pan: string;

  @ApiPropertyOptional({ example: '1984-07-21', description: 'YYYY-MM-DD. Sealed at rest, never returned (`has_date_of_birth`).' })
  @IsOptional()
  @IsString()
  @Matches(DATE, { message: 'date_of_birth must be a date YYYY-MM-DD' })
  date_of_birth?: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['ABCPS1234K', 'abcps21071984'],
    description: 'Passwords that open this client’s statements, at most 10. Sealed at rest, never returned (`password_count`).',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(128, { each: true })
  statement_passwords?: string[];

  @ApiPropertyOptional({ example: 'priya.sharma@example.in', maxLength: 254 })
  @IsOptional()
  @Transform(lowerTrimmed)
  @IsEmail()
  @MaxLength(254)
  email?: string;

  @ApiPropertyOptional({ example: '+919812345678', description: '10–15 digits, an optional leading +' })
  @IsOptional()
  @Transform(trimmed)
  @Matches(MOBILE, { message: 'mobile must be 10 to 15 digits with an optional leading +' })
  mobile?: string;

  @ApiPropertyOptional({ type: [String], example: ['hni', 'quarterly-review'], description: 'At most 20; each lower case, 1–40 of a–z 0–9 space _ : -' })
  @IsOptional()
  @Transform(lowerTrimmedEach)
  @IsArray()
  @ArrayMaxSize(20)
  @ArrayUnique()
  @Matches(TAG, { each: true, message: 'each tag must be 1 to 40 of a-z 0-9 space _ : - (starting with a letter or digit)' })
  tags?: string[];
}

/** Changes only what it names; `null` clears an optional field. */
export class UpdateClientDto {
  @ApiPropertyOptional({ example: 'Priya S. Sharma', maxLength: 200 })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ example: 'ABCPS1234K', description: `${PAN_DESCRIPTION} Statements are linked by PAN: those of the old PAN are unlinked, those of the new one linked.` })
  @IsOptional()
  @Transform(upperTrimmed)
  @IsString()
  @MaxLength(20)
  pan?: string;

  @ApiPropertyOptional({ nullable: true, type: String, example: '1984-07-21', description: 'YYYY-MM-DD, or null to clear. Never returned.' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @Matches(DATE, { message: 'date_of_birth must be a date YYYY-MM-DD' })
  date_of_birth?: string | null;

  @ApiPropertyOptional({ type: [String], example: ['ABCPS1234K'], description: 'Replaces the list ([] clears it), at most 10. Never returned.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(128, { each: true })
  statement_passwords?: string[];

  @ApiPropertyOptional({ nullable: true, type: String, example: 'priya@example.in' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @Transform(lowerTrimmed)
  @IsEmail()
  @MaxLength(254)
  email?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, example: '+919812345678' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @Transform(trimmed)
  @Matches(MOBILE, { message: 'mobile must be 10 to 15 digits with an optional leading +' })
  mobile?: string | null;

  @ApiPropertyOptional({ type: [String], example: ['hni'], description: 'Replaces the tags' })
  @IsOptional()
  @Transform(lowerTrimmedEach)
  @IsArray()
  @ArrayMaxSize(20)
  @ArrayUnique()
  @Matches(TAG, { each: true, message: 'each tag must be 1 to 40 of a-z 0-9 space _ : - (starting with a letter or digit)' })
  tags?: string[];
}

export class ClientListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ example: 'shar', description: 'Names containing this, case-insensitive' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ example: 'ABCPS', description: 'PANs starting with this (case-insensitive)' })
  @IsOptional()
  @Transform(upperTrimmed)
  @Matches(/^[A-Z0-9]{1,10}$/, { message: 'pan must be 1 to 10 letters and digits' })
  pan?: string;

  @ApiPropertyOptional({ example: 'hni', description: 'Clients with this tag' })
  @IsOptional()
  @Transform(lowerTrimmed)
  @Matches(TAG, { message: 'tag must be 1 to 40 of a-z 0-9 space _ : -' })
  tag?: string;
}

export class ClientDto {
  @ApiProperty({ example: 'cli_0a1b2c3d4e5f60718293a4b5' }) client_id: string;
  @ApiProperty({ nullable: true, type: String, example: 'Priya Sharma', description: 'null when a statement created the client without printing a name' }) name: string | null;
  @ApiProperty({ example: 'ABCPS1234K' }) pan: string;
  @ApiProperty({ nullable: true, type: String, example: 'priya.sharma@example.in' }) email: string | null;
  @ApiProperty({ nullable: true, type: String, example: '+919812345678' }) mobile: string | null;
  @ApiProperty({ type: [String], example: ['hni'] }) tags: string[];
  @ApiProperty({ example: true, description: 'Whether a date of birth is held (it is never returned)' }) has_date_of_birth: boolean;
  @ApiProperty({ example: 2, description: 'How many statement passwords are held (they are never returned)' }) password_count: number;
  @ApiProperty({ enum: ['manual', 'statement'], example: 'manual', description: '`statement`: created when a statement with its PAN completed' }) source: string;
  @ApiProperty({ nullable: true, type: String, example: 'hh_5e6f7a8b9c0d1e2f3a4b5c6d' }) household_id: string | null;
  @ApiProperty({ example: '2026-11-22T10:15:30.000Z' }) created_at: string;
  @ApiProperty({ example: '2026-11-22T10:15:30.000Z' }) updated_at: string;
}

export class ClientPageDto extends PaginatedMetaDto {
  @ApiProperty({ type: [ClientDto] }) items: ClientDto[];
}

export class ClientDocumentDto {
  @ApiProperty({ format: 'uuid', example: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' }) doc_id: string;
  @ApiProperty({ example: 'CAMS_DETAILED_CAS', description: "The statement's class code" }) document_type: string;
  @ApiProperty({ nullable: true, type: String, example: '2026-09-30', description: "The last day of the statement's period; null when it prints none" }) statement_date: string | null;
  @ApiProperty({ example: 0, description: "The client's place among the statement's investors (0-based)" }) investor_index: number;
  @ApiProperty({ example: '2026-11-22T10:15:33.000Z', description: 'When the completed extraction was linked' }) linked_at: string;
}

export class ClientDocumentPageDto extends PaginatedMetaDto {
  @ApiProperty({ type: [ClientDocumentDto] }) items: ClientDocumentDto[];
}

export class DocumentInvestorDto {
  @ApiProperty({ example: 0 }) investor_index: number;
  @ApiProperty({ nullable: true, type: String, example: 'ABCPS1234K' }) pan: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'cli_0a1b2c3d4e5f60718293a4b5' }) client_id: string | null;
  @ApiProperty({ nullable: true, enum: ['PAN_MISSING', 'NO_CLIENT_WITH_PAN'], example: null, description: 'Why the investor is linked to no client' })
  flag: LinkFlag | null;
}

export class ClientDocumentsQueryDto extends PageQueryDto {}

export const toClientDto = (c: ClientEntity, householdId: string | null): ClientDto => ({
  client_id: c.id,
  name: c.name,
  pan: c.pan,
  email: c.email,
  mobile: c.mobile,
  tags: c.tags,
  has_date_of_birth: c.sealedDateOfBirth !== null,
  password_count: c.passwordCount,
  source: c.source,
  household_id: householdId,
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});

export const toClientDocumentDto = (d: DocumentInvestorEntity): ClientDocumentDto => ({
  doc_id: d.documentId,
  document_type: d.documentType,
  statement_date: d.statementDate,
  investor_index: d.investorIndex,
  linked_at: new Date(d.linkedAt).toISOString(),
});

export const toDocumentInvestorDto = (d: DocumentInvestorEntity): DocumentInvestorDto => ({
  investor_index: d.investorIndex,
  pan: d.pan,
  client_id: d.clientId,
  flag: d.flag,
});
