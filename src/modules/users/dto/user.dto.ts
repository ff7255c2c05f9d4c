import { ApiProperty } from '@nestjs/swagger';
import { ROLES, type Role } from '../../../common/auth/roles.js';
import { PaginatedMetaDto } from '../../../common/http/pagination.js';
import type { UserEntity } from '../entities/user.entity.js';

export class UserDto {
  @ApiProperty({ example: 'usr_5d1c0c1e2f3a4b5c6d7e8f90' }) id: string;
  @ApiProperty({ example: 'priya.sharma@example.in' }) email: string;
  @ApiProperty({ enum: ROLES, example: 'analyst' }) role: Role;
  @ApiProperty({ example: 'ten_0a1b2c3d4e5f60718293a4b5' }) tenant_id: string;
  @ApiProperty({ example: 'Priya Sharma' }) full_name: string;
}

/** `invited`: added by an admin, not yet accepted (no account exists until then). */
export const USER_STATUSES = ['active', 'disabled', 'invited'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export class UserDetailDto extends UserDto {
  @ApiProperty({ enum: USER_STATUSES, example: 'active' }) status: UserStatus;
  @ApiProperty({ example: false }) disabled: boolean;
  @ApiProperty({ nullable: true, type: String, example: '2026-11-22T10:15:30.000Z' }) last_login_at: string | null;
  @ApiProperty({ example: '2026-11-01T08:00:00.000Z' }) created_at: string;
}

export class UserPageDto extends PaginatedMetaDto {
  @ApiProperty({ type: [UserDetailDto] }) items: UserDetailDto[];
}

export const toUserDto = (user: UserEntity): UserDto => ({
  id: user.id,
  email: user.email,
  role: user.role,
  tenant_id: user.tenantId,
  full_name: user.fullName,
});

export const toUserDetailDto = (user: UserEntity): UserDetailDto => ({
  ...toUserDto(user),
  status: user.disabledAt === null ? 'active' : 'disabled',
  disabled: user.disabledAt !== null,
  last_login_at: user.lastLoginAt?.toISOString() ?? null,
  created_at: user.createdAt.toISOString(),
});
