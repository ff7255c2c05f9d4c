import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `users.is_operator`: the queue board's operator, marked by the bootstrap on the account it creates,
 * instead of recognised by e-mail (which anyone could register first). Existing deployments keep their
 * operator: the accounts the bootstrap created are the only ones without a creation audit row
 * (`auth.register` and `user.create`, written in the same transaction as the account since the first
 * release), so exactly those are marked.
 */
export class AddUserOperatorFlag1795386476622 implements MigrationInterface {
  name = 'AddUserOperatorFlag1795386476622';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "is_operator" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `UPDATE "users" u SET "is_operator" = true
        WHERE NOT EXISTS (SELECT 1 FROM "audit_logs" a
                           WHERE a."target_type" = 'user' AND a."target_id" = u."id" AND a."action" IN ('auth.register', 'user.create'))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "is_operator"`);
  }
}
