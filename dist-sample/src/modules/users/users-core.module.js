var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PasswordHistoryEntity } from './entities/password-history.entity.js';
import { UserEntity } from './entities/user.entity.js';
import { UsersRepository } from './users.repository.js';
/** User storage, shared by authentication and user management without a module cycle. */
let UsersCoreModule = class UsersCoreModule {
};
UsersCoreModule = __decorate([
    Module({
        imports: [TypeOrmModule.forFeature([UserEntity, PasswordHistoryEntity])],
        providers: [UsersRepository],
        exports: [UsersRepository],
    })
], UsersCoreModule);
export { UsersCoreModule };
//# sourceMappingURL=users-core.module.js.map