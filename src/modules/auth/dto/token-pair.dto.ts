import { ApiProperty } from '@nestjs/swagger';
import { UserDto } from '../../users/dto/user.dto.js';

export class TokenPairDto {
  @ApiProperty({ example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9…' }) access_token: string;
  @ApiProperty({ example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9…', description: 'Single use: each refresh returns a new one' })
  refresh_token: string;
  @ApiProperty({ example: 'bearer' }) token_type: 'bearer';
  @ApiProperty({ example: 3600 }) expires_in: number;
  @ApiProperty({ type: UserDto }) user: UserDto;
}
