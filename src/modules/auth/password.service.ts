import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import pLimit from 'p-limit';
import { AppConfig } from '../../config/app-config.js';
import { AppException } from '../../common/errors/app.exception.js';

export const PASSWORD_HISTORY_DEPTH = 5;

const RULES: Array<[RegExp, string]> = [
  [/^.{12,}$/su, 'at least 12 characters'],
  [/[A-Z]/u, 'an uppercase letter'],
  [/[a-z]/u, 'a lowercase letter'],
  [/[0-9]/u, 'a digit'],
  [/[^A-Za-z0-9]/u, 'a symbol'],
];

/** The rules a password breaks, in words; empty when it meets the policy. */
export function passwordPolicyViolations(password: string): string[] {
  return RULES.filter(([rule]) => !rule.test(password)).map(([, text]) => text);
}

/** Argon2id hashing (m=64 MiB, t=3, p=4) on libuv's thread pool, so the event loop never blocks. */
@Injectable()
export class PasswordService {
  private dummyHash: Promise<string> | null = null;
  /**
   * Each Argon2id run already uses `parallelism` threads; running more than a couple at once only
   * makes them queue for the same cores while starving the event loop, so requests other than logins
   * would wait. Extra hashes wait here instead.
   */
  private readonly slots: ReturnType<typeof pLimit>;

  constructor(private readonly config: AppConfig) {
    this.slots = pLimit(config.auth.argon2Concurrency);
  }

  assertPolicy(password: string): void {
    const missing = passwordPolicyViolations(password);
    if (password.length > 256) throw new AppException('PASSWORD_POLICY_VIOLATION', 'The password must be at most 256 characters');
    if (missing.length > 0) {
      throw new AppException('PASSWORD_POLICY_VIOLATION', `The password needs ${missing.join(', ')}`);
    }
  }

  hash(password: string): Promise<string> {
    return this.slots(() => argon2.hash(password, { type: argon2.argon2id, ...this.config.auth.argon2 }));
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await this.slots(() => argon2.verify(hash, password));
    } catch {
      return false;
    }
  }

  /** Spends the same time as a real verification, so unknown e-mails cannot be told apart by timing. */
  async verifyAgainstDummy(password: string): Promise<void> {
    this.dummyHash ??= this.hash('Dummy-password-0!');
    await this.verify(await this.dummyHash, password);
  }

  /** Refuses a password equal to any of the given recent hashes (the current one included). */
  async assertNotReused(password: string, recentHashes: string[]): Promise<void> {
    const matches = await Promise.all(recentHashes.map((h) => this.verify(h, password)));
    if (matches.some(Boolean)) {
      throw new AppException('PASSWORD_REUSED', `The password must differ from your last ${PASSWORD_HISTORY_DEPTH} passwords`);
    }
  }
}
