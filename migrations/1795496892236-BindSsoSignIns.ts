import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SSO hardening: a started sign-in and its one-time code carry how they are bound to whoever started
 * them (`binding`, `code_challenge`); a configuration says whether OIDC must vouch for the e-mail
 * (`require_email_verified`) and on which further hosts the IdP's sign-in URL may be (`allowed_sso_hosts`).
 * Sign-ins and codes in flight at the upgrade have no binding and are refused (they live minutes).
 *
 * Existing OIDC configurations keep signing in: those whose issuer is Microsoft Entra ID, which never
 * sends `email_verified` (docs/sso.md), get `require_email_verified = false`, every other one the new
 * default, true. (The hosts are the ones `isEntraIdIssuer` in src/modules/sso/idp-metadata.ts names;
 * a migration keeps its own copy so that it stays as it ran.)
 */
export class BindSsoSignIns1795496892236 implements MigrationInterface {
  name = 'BindSsoSignIns1795496892236';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sso_configurations" ADD "require_email_verified" boolean NOT NULL DEFAULT true`);
    await queryRunner.query(`ALTER TABLE "sso_configurations" ADD "allowed_sso_hosts" jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(
      `UPDATE "sso_configurations" SET "require_email_verified" = false
        WHERE "protocol" = 'oidc'
          AND (lower(coalesce("idp" -> 'metadata' ->> 'issuer', '')) ~ '^https://(login\\.microsoftonline\\.com|sts\\.windows\\.net)(/|$)'
            OR lower("metadata_url") ~ '^https://(login\\.microsoftonline\\.com|sts\\.windows\\.net)(/|$)')`,
    );
    await queryRunner.query(`ALTER TABLE "sso_login_codes" ADD "binding" character varying(8)`);
    await queryRunner.query(`ALTER TABLE "sso_login_codes" ADD "code_challenge" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "sso_login_requests" ADD "binding" character varying(8)`);
    await queryRunner.query(`ALTER TABLE "sso_login_requests" ADD "code_challenge" character varying(64)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sso_login_requests" DROP COLUMN "code_challenge"`);
    await queryRunner.query(`ALTER TABLE "sso_login_requests" DROP COLUMN "binding"`);
    await queryRunner.query(`ALTER TABLE "sso_login_codes" DROP COLUMN "code_challenge"`);
    await queryRunner.query(`ALTER TABLE "sso_login_codes" DROP COLUMN "binding"`);
    await queryRunner.query(`ALTER TABLE "sso_configurations" DROP COLUMN "allowed_sso_hosts"`);
    await queryRunner.query(`ALTER TABLE "sso_configurations" DROP COLUMN "require_email_verified"`);
  }
}
