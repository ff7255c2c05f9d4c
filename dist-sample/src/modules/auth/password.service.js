var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import pLimit from 'p-limit';
import { AppConfig } from '../../config/app-config.js';
import { AppException } from '../../common/errors/app.exception.js';
export const PASSWORD_HISTORY_DEPTH = 5;
const RULES = [
    [/^.{12,}$/su, 'at least 12 characters'],
    [/[A-Z]/u, 'an uppercase letter'],
    [/[a-z]/u, 'a lowercase letter'],
    [/[0-9]/u, 'a digit'],
    [/[^A-Za-z0-9]/u, 'a symbol'],
];
/** The rules a password breaks, in words; empty when it meets the policy. */
export function passwordPolicyViolations(password) {
    return RULES.filter(([rule]) => !rule.test(password)).map(([, text]) => text);
}
/** Argon2id hashing (m=64 MiB, t=3, p=4) on libuv's thread pool, so the event loop never blocks. */
let PasswordService = class PasswordService {
    constructor(config) {
        this.config = config;
        this.dummyHash = null;
        this.slots = pLimit(config.auth.argon2Concurrency);
    }
    assertPolicy(password) {
        const missing = passwordPolicyViolations(password);
        if (password.length > 256)
            throw new AppException('PASSWORD_POLICY_VIOLATION', 'The password must be at most 256 characters');
        if (missing.length > 0) {
            throw new AppException('PASSWORD_POLICY_VIOLATION', `The password needs ${missing.join(', ')}`);
        }
    }
    hash(password) {
        return this.slots(() => argon2.hash(password, { type: argon2.argon2id, ...this.config.auth.argon2 }));
    }
    async verify(hash, password) {
        try {
            return await this.slots(() => argon2.verify(hash, password));
        }
        catch {
            return false;
        }
    }
    /** Spends the same time as a real verification, so unknown e-mails cannot be told apart by timing. */
    async verifyAgainstDummy(password) {
        this.dummyHash ??= this.hash('Dummy-password-0!');
        await this.verify(await this.dummyHash, password);
    }
    /** Refuses a password equal to any of the given recent hashes (the current one included). */
    async assertNotReused(password, recentHashes) {
        const matches = await Promise.all(recentHashes.map((h) => this.verify(h, password)));
        if (matches.some(Boolean)) {
            throw new AppException('PASSWORD_REUSED', `The password must differ from your last ${PASSWORD_HISTORY_DEPTH} passwords`);
        }
    }
};
PasswordService = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [AppConfig])
], PasswordService);
export { PasswordService };
//# sourceMappingURL=password.service.js.map