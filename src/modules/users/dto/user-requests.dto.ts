import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { ROLES, type Role } from '../../../common/auth/roles.js';
import { Omittable } from '../../../common/decorators/omittable.decorator.js';

export const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
export const lowerTrimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

export class UpdateMeDto {
  @ApiPropertyOptional({ example: 'Priya S. Sharma', maxLength: 200 })
  @Omittable()
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  full_name?: string;

  @ApiPropertyOptional({ description: 'Required with new_password', example: 'Old-Passw0rd!x' })
  @Omittable()
  @IsString()
  @MaxLength(256)
  current_password?: string;

  @ApiPropertyOptional({
    description: '12+ characters with upper, lower, digit and symbol; not one of the last 5',
    example: 'N3w-Passw0rd!x',
  })
  @Omittable()
  @IsString()
  @MaxLength(256)
  new_password?: string;
}

export class CreateUserDto {
  @ApiProperty({ example: 'rahul.verma@example.in' })
  @Transform(lowerTrimmed)
  @IsEmail()
  @MaxLength(254)
  email: string;

  @ApiProperty({ example: 'Rahul Verma' })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  full_name: string;

  @ApiProperty({ enum: ROLES, example: 'analyst' })
  @IsIn(ROLES)
  role: Role;
}

export class UpdateUserDto {
  @ApiProperty({ enum: ROLES, example: 'viewer' })
  @IsIn(ROLES)
  role: Role;
}
