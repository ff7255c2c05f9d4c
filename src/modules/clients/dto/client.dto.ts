import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { PageQueryDto, PaginatedMetaDto } from '../../../common/http/pagination.js';
import { lowerTrimmed, trimmed } from '../../users/dto/user-requests.dto.js';
import type { ClientEntity } from '../entities/client.entity.js';
import type { DocumentInvestorEntity } from '../entities/document-investor.entity.js';
import { Omittable } from '../../../common/decorators/omittable.decorator.js';

const upperTrimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const lowerTrimmedEach = ({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v)) : value);

/** A tag: lower case letters, digits, `-`, `_`, `:` and spaces, 1–40 characters. */
const TAG = /^[a-z0-9][a-z0-9 _:-]{0,39}$/;
const TAG_MESSAGE = 'each tag must be 1 to 40 of a-z 0-9 space _ : - (starting with a letter or digit)';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MOBILE = /^\+?[0-9]{10,15}$/;

const PAN_DESCRIPTION = 'AAAAA9999A; the fourth letter is the holder type (P individual, H HUF, C company, …). Trimmed and upper-cased; unique in the tenant.';

/** `null` clears a field that a PATCH may clear: validated only when it is not null. */
const unlessNull = (nullable: boolean) => (nullable ? [ValidateIf((_, v) => v !== null)] : []);

// The rules of each field, shared by the create and the change.
/** A client's or household's name, or a filter by name: trimmed, 1–200 characters. */
export const NameRules = () => applyDecorators(Transform(trimmed), IsString(), IsNotEmpty(), MaxLength(200));
const PanRules = () => applyDecorators(Transform(upperTrimmed), IsString(), MaxLength(20));
const DateOfBirthRules = (nullable: boolean) => applyDecorators(...unlessNull(nullable), IsString(), Matches(DATE, { message: 'date_of_birth must be a date YYYY-MM-DD' }));
const PasswordsRules = () => applyDecorators(IsArray(), ArrayMaxSize(10), IsString({ each: true }), IsNotEmpty({ each: true }), MaxLength(128, { each: true }));
const EmailRules = (nullable: boolean) => applyDecorators(...unlessNull(nullable), Transform(lowerTrimmed), IsEmail(), MaxLength(254));
const MobileRules = (nullable: boolean) =>
  applyDecorators(...unlessNull(nullable), Transform(trimmed), Matches(MOBILE, { message: 'mobile must be 10 to 15 digits with an optional leading +' }));
const TagsRules = () => applyDecorators(Transform(lowerTrimmedEach), IsArray(), ArrayMaxSize(20), ArrayUnique(), Matches(TAG, { each: true, message: TAG_MESSAGE }));

export class CreateClientDto {
  @ApiProperty({ example: 'Priya Sharma', maxLength: 200 })
  @NameRules()
  name: string;

  @ApiProperty({ example: 'ABCPS1234K', description: PAN_DESCRIPTION })
  @PanRules()
  pan: string;

  @ApiPropertyOptional({ example: '1984-07-21', description: 'YYYY-MM-DD. Sealed at rest, never returned (`has_date_of_birth`).' })
  @Omittable()
  @DateOfBirthRules(false)
  date_of_birth?: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['ABCPS1234K', 'abcps21071984'],
    description: 'Passwords that open this client’s statements, at most 10. Sealed at rest, never returned (`password_count`).',
  })
  @Omittable()
  @PasswordsRules()
  statement_passwords?: string[];

  @ApiPropertyOptional({ example: 'priya.sharma@example.in', maxLength: 254 })
  @Omittable()
  @EmailRules(false)
  email?: string;

  @ApiPropertyOptional({ example: '+919812345678', description: '10–15 digits, an optional leading +' })
  @Omittable()
  @MobileRules(false)
  mobile?: string;

  @ApiPropertyOptional({ type: [String], example: ['hni', 'quarterly-review'], description: 'At most 20; each lower case, 1–40 of a–z 0–9 space _ : -' })
  @Omittable()
  @TagsRules()
  tags?: string[];
}

/** Changes only what it names; `null` clears an optional field. */
export class UpdateClientDto {
  @ApiPropertyOptional({ example: 'Priya S. Sharma', maxLength: 200 })
  @Omittable()
  @NameRules()
  name?: string;

  @ApiPropertyOptional({ example: 'ABCPS1234K', description: `${PAN_DESCRIPTION} Statements are linked by PAN: those of the old PAN are unlinked, those of the new one linked.` })
  @Omittable()
  @PanRules()
  pan?: string;

  @ApiPropertyOptional({ nullable: true, type: String, example: '1984-07-21', description: 'YYYY-MM-DD, or null to clear. Never returned.' })
  @IsOptional()
  @DateOfBirthRules(true)
  date_of_birth?: string | null;

  @ApiPropertyOptional({ type: [String], example: ['ABCPS1234K'], description: 'Replaces the list ([] clears it), at most 10. Never returned.' })
  @Omittable()
  @PasswordsRules()
  statement_passwords?: string[];

  @ApiPropertyOptional({ nullable: true, type: String, example: 'priya@example.in' })
  @IsOptional()
  @EmailRules(true)
  email?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, example: '+919812345678' })
  @IsOptional()
  @MobileRules(true)
  mobile?: string | null;

  @ApiPropertyOptional({ type: [String], example: ['hni'], description: 'Replaces the tags' })
  @Omittable()
  @TagsRules()
  tags?: string[];
}

export class ClientListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ example: 'shar', description: 'Names containing this, case-insensitive' })
  @Omittable()
  @NameRules()
  name?: string;

  @ApiPropertyOptional({ example: 'ABCPS', description: 'PANs starting with this (case-insensitive)' })
  @Omittable()
  @Transform(upperTrimmed)
  @Matches(/^[A-Z0-9]{1,10}$/, { message: 'pan must be 1 to 10 letters and digits' })
  pan?: string;

  @ApiPropertyOptional({ example: 'hni', description: 'Clients with this tag' })
  @Omittable()
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

export class ClientDocumentsQueryDto extends PageQueryDto {}

export class ClientDeleteQueryDto {
  @ApiPropertyOptional({
    enum: ['true', 'false'],
    default: 'false',
    example: 'true',
    description: 'Only list the statements the delete would remove with the client (joint ones included); nothing changes',
  })
  @IsOptional()
  @IsIn(['true', 'false'])
  dry_run?: 'true' | 'false';
}

export class ClientDeletionDocumentDto extends ClientDocumentDto {
  @ApiProperty({ example: true, description: 'Whether the statement names other investors besides this client (a joint statement); it is deleted all the same' })
  joint: boolean;

  @ApiProperty({
    type: [String],
    example: ['cli_9f8e7d6c5b4a39281706f5e4'],
    description: "The other clients a joint statement is linked to: they stay clients, without this statement. Empty when the client is the statement's only investor, or its other investors are linked to no client",
  })
  other_client_ids: string[];
}

export class ClientDeletionDto {
  @ApiProperty({ example: 'cli_0a1b2c3d4e5f60718293a4b5' }) client_id: string;
  @ApiProperty({ example: true, description: 'false for a dry run' }) deleted: boolean;
  @ApiProperty({ type: [ClientDeletionDocumentDto], description: 'Every statement the client appears in (deleted with it unless a dry run), newest statement first' })
  documents: ClientDeletionDocumentDto[];
}

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

