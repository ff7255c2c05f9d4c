import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  registerDecorator,
  ValidateIf,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import { ROLES, isRole, type Role } from '../../../common/auth/roles.js';
import type { SsoProtocol } from '../entities/sso-configuration.entity.js';
import { Omittable } from '../../../common/decorators/omittable.decorator.js';

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
  @Omittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  full_name?: string;

  @ApiPropertyOptional({
    example: 'groups',
    description:
      'Attribute or claim holding role values (one or several, e.g. groups); when set, `role_values` is required and the role ' +
      'is updated at every login. OIDC claims may be nested (`realm_access.roles`)',
  })
  @Omittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  role?: string;
}

const MAX_ROLE_VALUES = 100;
const MAX_SSO_HOSTS = 20;
/** A DNS name or an IPv4 address, as in a URL's host (no scheme, port or path). */
const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
/** RFC 7636: S256 of a verifier is 43 base64url characters; a verifier is 43–128 unreserved characters. */
const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

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
      'IdP role value → Foliodesk role (viewer, analyst, admin); of several values the highest role wins, values not listed give ' +
      '`default_role`. Required (non-empty) when `attribute_mapping.role` is set: a value is never read as a role by its name ' +
      '(400 SSO_ROLE_VALUES_REQUIRED)',
    type: 'object',
    additionalProperties: { type: 'string', enum: [...ROLES] },
  })
  @Omittable()
  @IsRoleValueMap()
  role_values?: Record<string, Role>;

  @ApiPropertyOptional({ enum: ROLES, example: 'viewer', description: 'Role of users for whom no role value matches (default viewer)' })
  @Omittable()
  @IsIn(ROLES)
  default_role?: Role;

  @ApiPropertyOptional({
    example: true,
    description:
      'OIDC only (default true): refuse a sign-in unless the provider says `email_verified: true` for the address. Turn it off only ' +
      'for a provider that never sends the claim and vouches for every address it issues (such as Microsoft Entra ID); ' +
      'an explicit `email_verified: false` is refused either way',
  })
  @Omittable()
  @IsBoolean()
  require_email_verified?: boolean;

  @ApiPropertyOptional({
    type: [String],
    example: ['login.acme.in'],
    description:
      "Host names, besides the metadata URL's host, on which the IdP's sign-in URL (SAML SingleSignOnService, OIDC " +
      'authorization_endpoint) may be; it must be https. Otherwise a sign-in URL on another host is refused (400 SSO_SIGN_IN_URL_REFUSED)',
  })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(MAX_SSO_HOSTS)
  @Matches(HOST_NAME, { each: true, message: 'each allowed_sso_hosts entry must be a host name (no scheme, port or path)' })
  allowed_sso_hosts?: string[];

  @ApiPropertyOptional({ example: '0oa1b2c3d4e5f6g7h8i9', description: 'OIDC only: the client id registered at the provider' })
  @Omittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  client_id?: string;

  @ApiPropertyOptional({
    example: 'kQ8v…secret',
    description: 'OIDC only: the client secret (stored encrypted, never returned). May be omitted when replacing a configuration with the same client_id',
  })
  @Omittable()
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

/** GET /login: the tenant, and optionally the front end's PKCE challenge that binds the one-time code. */
export class SsoStartQueryDto extends SsoLoginQueryDto {
  @ApiPropertyOptional({
    example: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    description:
      "base64url(SHA-256(code_verifier)) of a verifier the front end keeps; the exchange must then send it as `code_verifier`. " +
      'Without it, the sign-in is bound to an HttpOnly cookie in this browser instead',
  })
  @ValidateIf((q: SsoStartQueryDto) => q.code_challenge !== undefined || q.code_challenge_method !== undefined)
  @IsString()
  @Matches(CODE_CHALLENGE, { message: 'code_challenge must be 43 base64url characters (S256 of the code_verifier)' })
  code_challenge?: string;

  @ApiPropertyOptional({ enum: ['S256'], description: 'Required with code_challenge; only S256 is accepted' })
  @ValidateIf((q: SsoStartQueryDto) => q.code_challenge !== undefined || q.code_challenge_method !== undefined)
  @IsIn(['S256'], { message: 'code_challenge_method must be S256' })
  code_challenge_method?: 'S256';
}

/** POST /login: the confirmation page's form (a start from another site, confirmed by the user). */
export class SsoConfirmStartDto extends SsoLoginQueryDto {
  @ApiPropertyOptional({ example: 'Xk3v0m2tq9yHc1Jr5dVwZbN8sLpA4eGuRf6hTiKoQ7E', description: "The page's one-time token (missing: 403 SSO_START_UNCONFIRMED); it must match this browser's confirmation cookie" })
  @Omittable()
  @IsString()
  @MaxLength(64)
  confirm?: string;
}

export class SamlAcsDto {
  @ApiProperty({ example: 'PHNhbWxwOlJlc3BvbnNlIHhtbG5zOnNhbWxwPSJ1cm46b2FzaXM6bmFtZXM6dGM6U0FNTDoyLjA6cHJvdG9jb2wi…', description: 'Base64 SAML Response' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(1_000_000)
  SAMLResponse: string;

  @ApiPropertyOptional({ example: 'ten_0a1b2c3d4e5f60718293a4b5', description: 'The tenant the login was started for' })
  @Omittable()
  @IsString()
  @MaxLength(256)
  RelayState?: string;
}

export class SsoCompleteQueryDto {
  @ApiPropertyOptional({ example: 'Qm9vdGggYW5kIHRoZSBib290…', description: 'The one-time code of a finished login' })
  @Omittable()
  @IsString()
  @MaxLength(128)
  code?: string;

  @ApiPropertyOptional({ example: 'SSO_ACCOUNT_CONFLICT', description: 'The error code of a failed login' })
  @Omittable()
  @IsString()
  @MaxLength(64)
  error?: string;

  @ApiPropertyOptional({ example: 'This e-mail belongs to an account in another tenant' })
  @Omittable()
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

  @ApiPropertyOptional({
    example: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
    description: 'Required when the sign-in was started with a code_challenge: the verifier it was computed from',
  })
  @Omittable()
  @IsString()
  @Matches(CODE_VERIFIER, { message: 'code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_", "~"' })
  code_verifier?: string;
}
