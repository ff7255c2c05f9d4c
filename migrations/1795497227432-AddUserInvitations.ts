import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invitations: an address an admin adds is only invited (the account is created when its owner
 * accepts the mailed one-time link). At most one pending invitation per address and tenant.
 */
export class AddUserInvitations1795497227432 implements MigrationInterface {
  name = 'AddUserInvitations1795497227432';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "user_invitations" ("tenant_id" character varying(40) NOT NULL, "id" character varying(40) NOT NULL, "user_id" character varying(40) NOT NULL, "email" character varying(254) NOT NULL, "full_name" character varying(200) NOT NULL, "role" character varying(16) NOT NULL, "token_hash" character varying(64) NOT NULL, "invited_by" character varying(40) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "accepted_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c8005acb91c3ce9a7ae581eca8f" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_83931d256c5459914516265ab2" ON "user_invitations"  ("tenant_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_26608b452c35698c0512c05ffd" ON "user_invitations"  ("token_hash") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_user_invitations_pending" ON "user_invitations"  ("tenant_id", "email") WHERE accepted_at IS NULL AND revoked_at IS NULL`);
    await queryRunner.query(`ALTER TABLE "user_invitations" ADD CONSTRAINT "FK_83931d256c5459914516265ab28" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_invitations" DROP CONSTRAINT "FK_83931d256c5459914516265ab28"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_user_invitations_pending"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_26608b452c35698c0512c05ffd"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_83931d256c5459914516265ab2"`);
    await queryRunner.query(`DROP TABLE "user_invitations"`);
  }
}
