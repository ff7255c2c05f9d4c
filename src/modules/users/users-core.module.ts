import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PasswordHistoryEntity } from './entities/password-history.entity.js';
import { UserEntity } from './entities/user.entity.js';
import { UsersRepository } from './users.repository.js';

/** User storage, shared by authentication and user management without a module cycle. */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, PasswordHistoryEntity])],
  providers: [UsersRepository],
  exports: [UsersRepository],
})
export class UsersCoreModule {}
