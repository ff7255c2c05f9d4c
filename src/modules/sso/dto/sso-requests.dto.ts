import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  MaxLength,
  registerDecorator,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import { ROLES, isRole, type Role } from '../../../common/auth/roles.js';
import type { SsoProtocol } from '../entities/sso-configuration.entity.js';

export class AttributeMappingDto {
  @ApiProperty({
    example: 'email',
    description: 'Attribute (SAML) or claim (OIDC) holding the e-mail address; `NameID` uses the SAML subject',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  email: string;

  @ApiPropertyOptional({ example: 'name', description: "Attribute or claim holding the user's full name (updated at every login)" })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  full_name?: string;

  @ApiPropertyOptional({
    example: 'groups',
    description:
      'Attribute or claim holding role values (one or several, e.g. groups); when set, the role is updated at every login. ' +
      'OIDC claims may be nested (`realm_access.roles`)',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  role?: string;
}

const MAX_ROLE_VALUES = 100;

/** An object whose keys are IdP role values (≤ 256 characters) and whose values are Foliodesk roles. */
function IsRoleValueMap() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isRoleValueMap',
      target: target.constructor,
      propertyName,
      validator: {
        validate(value: unknown) {
          if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
          const entries = Object.entries(value as Record<string, unknown>);
          return entries.length <= MAX_ROLE_VALUES && entries.every(([k, v]) => k.trim() !== '' && k.length <= 256 && isRole(v));
        },
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property ?? 'role_values'} must map IdP values (at most ${MAX_ROLE_VALUES}) to one of ${ROLES.join(', ')}`,
      },
    });
}

export class ConfigureSsoDto {
  @ApiProperty({ enum: ['saml2', 'oidc'], example: 'saml2' })
  @IsIn(['saml2', 'oidc'])
  protocol: SsoProtocol;

  @ApiProperty({
    example: 'https://idp.example.in/app/exk1abc/sso/saml/metadata',
    description: "SAML: the IdP's metadata URL. OIDC: the discovery document (`…/.well-known/openid-configuration`) or the issuer URL",
  })
  @IsString()
  @MaxLength(2048)
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: 'metadata_url must be an absolute http(s) URL' })
  metadata_url: string;

  @ApiProperty({ type: AttributeMappingDto })
  // Required: class-validator skips nested checks of an absent value, which stored `{}` and failed every login.
  @IsDefined({ message: 'attribute_mapping is required (at least its email attribute)' })
  @IsObject()
  @ValidateNested()
  @Type(() => AttributeMappingDto)
  attribute_mapping: AttributeMappingDto;

  @ApiPropertyOptional({
    example: { 'foliodesk-admins': 'admin', 'foliodesk-analysts': 'analyst', 'foliodesk-viewers': 'viewer' },
    description:
      'IdP role value → Foliodesk role (viewer, analyst, admin); of several values the highest role wins. ' +
      'Omitted: the values are read as role names themselves',
    type: 'object',
    additionalProperties: { type: 'string', enum: [...ROLES] },
  })
  @IsOptional()
  @IsRoleValueMap()
  role_values?: Record<string, Role>;

  @ApiPropertyOptional({ enum: ROLES, example: 'viewer', description: 'Role of users for whom no role value matches (default viewer)' })
  @IsOptional()
  @IsIn(ROLES)
  default_role?: Role;

  @ApiPropertyOptional({ example: '0oa1b2c3d4e5f6g7h8i9', description: 'OIDC only: the client id registered at the provider' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  client_id?: string;

  @ApiPropertyOptional({
    example: 'kQ8v…secret',
    description: 'OIDC only: the client secret (stored encrypted, never returned). May be omitted when replacing a configuration with the same client_id',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  client_secret?: string;
}

export class SsoLoginQueryDto {
  @ApiProperty({ example: 'ten_0a1b2c3d4e5f60718293a4b5' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  tenant: string;
}

export class SamlAcsDto {
  @ApiProperty({ example: 'PHNhbWxwOlJlc3BvbnNlIHhtbG5zOnNhbWxwPSJ1cm46b2FzaXM6bmFtZXM6dGM6U0FNTDoyLjA6cHJvdG9jb2wi…', description: 'Base64 SAML Response' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(1_000_000)
  SAMLResponse: string;

  @ApiPropertyOptional({ example: 'ten_0a1b2c3d4e5f60718293a4b5', description: 'The tenant the login was started for' })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  RelayState?: string;
}

export class SsoCompleteQueryDto {
  @ApiPropertyOptional({ example: 'Qm9vdGggYW5kIHRoZSBib290…', description: 'The one-time code of a finished login' })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  code?: string;

  @ApiPropertyOptional({ example: 'SSO_ACCOUNT_CONFLICT', description: 'The error code of a failed login' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  error?: string;

  @ApiPropertyOptional({ example: 'This e-mail belongs to an account in another tenant' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  error_description?: string;
}

export class SsoExchangeDto {
  @ApiProperty({ example: 'Qm9vdGggYW5kIHRoZSBib290…', description: 'The one-time code from the redirect (60 s, single use)' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  code: string;
}
