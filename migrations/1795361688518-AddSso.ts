import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddSso1795361688518 implements MigrationInterface {
  name = 'AddSso1795361688518';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "sso_configurations" ("tenant_id" character varying(40) NOT NULL, "protocol" character varying(8) NOT NULL, "metadata_url" character varying(2048) NOT NULL, "attribute_mapping" jsonb NOT NULL, "role_values" jsonb NOT NULL DEFAULT '{}', "default_role" character varying(16) NOT NULL, "client_id" character varying(255), "sealed_client_secret" text, "idp" jsonb NOT NULL, "metadata_fetched_at" TIMESTAMP WITH TIME ZONE NOT NULL, "disabled_at" TIMESTAMP WITH TIME ZONE, "updated_by" character varying(40) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_bc4b494478c7fcf5e5cbf49e519" PRIMARY KEY ("tenant_id"))`);
    await queryRunner.query(`CREATE TABLE "sso_login_codes" ("tenant_id" character varying(40) NOT NULL, "code_hash" character varying(64) NOT NULL, "user_id" character varying(40) NOT NULL, "protocol" character varying(8) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "consumed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_c1b82dd863d8dda56a999b98840" PRIMARY KEY ("code_hash"))`);
    await queryRunner.query(`CREATE INDEX "IDX_f2e1a9e08e99cc3b203820c692" ON "sso_login_codes"  ("tenant_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_3824be561143716e9594bff142" ON "sso_login_codes"  ("expires_at") `);
    await queryRunner.query(`CREATE TABLE "sso_login_requests" ("tenant_id" character varying(40) NOT NULL, "id" character varying(128) NOT NULL, "protocol" character varying(8) NOT NULL, "sealed_code_verifier" text, "nonce" character varying(128), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "consumed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_0920860e47d8106ff255c9158e0" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_ff71ce60b2fb62ea225d487447" ON "sso_login_requests"  ("tenant_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_67dd9be5c79f66f2d83bbcce90" ON "sso_login_requests"  ("expires_at") `);
    await queryRunner.query(`ALTER TABLE "sso_configurations" ADD CONSTRAINT "FK_bc4b494478c7fcf5e5cbf49e519" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "sso_login_codes" ADD CONSTRAINT "FK_f2e1a9e08e99cc3b203820c6928" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "sso_login_codes" ADD CONSTRAINT "FK_efca826db9ff50156c9aa03a891" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "sso_login_requests" ADD CONSTRAINT "FK_ff71ce60b2fb62ea225d487447d" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sso_login_requests" DROP CONSTRAINT "FK_ff71ce60b2fb62ea225d487447d"`);
    await queryRunner.query(`ALTER TABLE "sso_login_codes" DROP CONSTRAINT "FK_efca826db9ff50156c9aa03a891"`);
    await queryRunner.query(`ALTER TABLE "sso_login_codes" DROP CONSTRAINT "FK_f2e1a9e08e99cc3b203820c6928"`);
    await queryRunner.query(`ALTER TABLE "sso_configurations" DROP CONSTRAINT "FK_bc4b494478c7fcf5e5cbf49e519"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_67dd9be5c79f66f2d83bbcce90"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ff71ce60b2fb62ea225d487447"`);
    await queryRunner.query(`DROP TABLE "sso_login_requests"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_3824be561143716e9594bff142"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_f2e1a9e08e99cc3b203820c692"`);
    await queryRunner.query(`DROP TABLE "sso_login_codes"`);
    await queryRunner.query(`DROP TABLE "sso_configurations"`);
  }
}
