import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { ROLES, type Role } from '../../../common/auth/roles.js';
import { PaginatedMetaDto } from '../../../common/http/pagination.js';
import type { InvitationEntity } from '../entities/invitation.entity.js';
import { UserDetailDto, UserDto } from './user.dto.js';
import { Omittable } from '../../../common/decorators/omittable.decorator.js';

/** The answer to `POST /api/v1/users`: the user record as it will be, `status: invited`, and its invitation. */
export class InvitedUserDto extends UserDetailDto {
  @ApiProperty({ example: 'inv_0f1e2d3c4b5a69788796a5b4' }) invitation_id: string;
  @ApiProperty({ example: '2026-11-27T08:00:00.000Z' }) invitation_expires_at: string;
}

export class InvitationDto {
  @ApiProperty({ example: 'inv_0f1e2d3c4b5a69788796a5b4' }) invitation_id: string;
  @ApiProperty({ description: 'The id the account gets when the invitation is accepted', example: 'usr_5d1c0c1e2f3a4b5c6d7e8f90' }) user_id: string;
  @ApiProperty({ example: 'rahul.verma@example.in' }) email: string;
  @ApiProperty({ example: 'Rahul Verma' }) full_name: string;
  @ApiProperty({ enum: ROLES, example: 'analyst' }) role: Role;
  @ApiProperty({ enum: ['pending', 'accepted', 'revoked', 'expired'], example: 'pending' }) status: 'pending' | 'accepted' | 'revoked' | 'expired';
  @ApiProperty({ example: 'usr_0a1b2c3d4e5f60718293a4b5' }) invited_by: string;
  @ApiProperty({ example: '2026-11-27T08:00:00.000Z' }) expires_at: string;
  @ApiProperty({ example: '2026-11-24T08:00:00.000Z' }) created_at: string;
}

export class InvitationPageDto extends PaginatedMetaDto {
  @ApiProperty({ type: [InvitationDto] }) items: InvitationDto[];
}

export class AcceptInvitationDto {
  @ApiProperty({ description: 'The token from the invitation link', example: 'mF3q…' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  token: string;

  @ApiPropertyOptional({
    description: "The new account's password (policy as for registration); required unless the tenant signs in with SSO",
    example: 'Str0ng-Passw0rd!',
  })
  @Omittable()
  @IsString()
  @MaxLength(256)
  password?: string;
}

export class AcceptedInvitationDto {
  @ApiProperty({ type: UserDto }) user: UserDto;
  @ApiProperty({
    nullable: true,
    type: String,
    description: "When the tenant signs in with SSO: where to continue (the IdP's sign-in); null: sign in with the password at POST /api/v1/auth/login",
    example: 'https://foliodesk.example.in/api/v1/auth/sso/login?tenant=ten_0a1b2c3d4e5f60718293a4b5',
  })
  sso_login_url: string | null;
}

export function invitationStatus(row: InvitationEntity, now = new Date()): InvitationDto['status'] {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

export const toInvitationDto = (row: InvitationEntity): InvitationDto => ({
  invitation_id: row.id,
  user_id: row.userId,
  email: row.email,
  full_name: row.fullName,
  role: row.role,
  status: invitationStatus(row),
  invited_by: row.invitedBy,
  expires_at: row.expiresAt.toISOString(),
  created_at: row.createdAt.toISOString(),
});

export const toInvitedUserDto = (row: InvitationEntity): InvitedUserDto => ({
  id: row.userId,
  email: row.email,
  role: row.role,
  tenant_id: row.tenantId,
  full_name: row.fullName,
  status: 'invited',
  disabled: false,
  last_login_at: null,
  created_at: row.createdAt.toISOString(),
  invitation_id: row.id,
  invitation_expires_at: row.expiresAt.toISOString(),
});
