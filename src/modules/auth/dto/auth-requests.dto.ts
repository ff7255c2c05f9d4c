import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { lowerTrimmed, trimmed } from '../../users/dto/user-requests.dto.js';
import { Omittable } from '../../../common/decorators/omittable.decorator.js';

export class RegisterDto {
  @ApiProperty({ example: 'priya.sharma@example.in' })
  @Transform(lowerTrimmed)
  @IsEmail()
  @MaxLength(254)
  email: string;

  @ApiProperty({ example: 'Str0ng-Passw0rd!', description: '12+ characters with upper, lower, digit and symbol' })
  @IsString()
  @MaxLength(256)
  password: string;

  @ApiProperty({ example: 'Priya Sharma' })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  full_name: string;

  @ApiPropertyOptional({ example: 'Sharma Wealth Advisors', description: "The new tenant's name (defaults to the user's name)" })
  @Omittable()
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  tenant_name?: string;
}

export class LoginDto {
  @ApiProperty({ example: 'priya.sharma@example.in' })
  @Transform(lowerTrimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(254)
  email: string;

  @ApiProperty({ example: 'Str0ng-Passw0rd!' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  password: string;
}

export class RefreshDto {
  @ApiPropertyOptional({
    description: 'The refresh token; may instead be sent as `Authorization: Bearer <refresh_token>`',
    example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9…',
  })
  @Omittable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(4096)
  refresh_token?: string;
}
