import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The client register: clients (PAN unique per tenant; date of birth and statement passwords sealed),
 * households and their members (one household per client), the investors of completed statements
 * and their clients; the tenant's settings for client auto-creation and retention.
 */
export class AddClientRegister1795509051593 implements MigrationInterface {
  name = 'AddClientRegister1795509051593';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "clients" ("tenant_id" character varying(40) NOT NULL, "id" character varying(40) NOT NULL, "name" character varying(200), "pan" character varying(10) NOT NULL, "sealed_date_of_birth" text, "sealed_statement_passwords" text, "password_count" integer NOT NULL DEFAULT '0', "email" character varying(254), "mobile" character varying(20), "tags" text array NOT NULL DEFAULT '{}', "source" character varying(16) NOT NULL, "created_by" character varying(40), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f1ab7cf3a5714dbc6bb4e1c28a4" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_e7d8b637725986e7b5fa774a3f" ON "clients"  ("tenant_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_660641122da358edb880b42fd7" ON "clients"  ("tenant_id", "created_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_4cea4d048c3386242545c85863" ON "clients"  ("tenant_id", "pan") `);
    await queryRunner.query(`CREATE TABLE "document_investors" ("tenant_id" character varying(40) NOT NULL, "document_id" uuid NOT NULL, "investor_index" integer NOT NULL, "pan" character varying(10), "client_id" character varying(40), "flag" character varying(32), "document_type" character varying(64) NOT NULL, "statement_date" date, "linked_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3289d946f3ea09625bf7b00adff" PRIMARY KEY ("document_id", "investor_index"))`);
    await queryRunner.query(`CREATE INDEX "IDX_b0db860b2d37b1b9a6c9446f43" ON "document_investors"  ("tenant_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_10bc8e4b1120129e4eee9ea13d" ON "document_investors"  ("tenant_id", "pan") `);
    await queryRunner.query(`CREATE INDEX "IDX_de40f0512e57694a5dfdb87f2a" ON "document_investors"  ("tenant_id", "client_id") `);
    await queryRunner.query(`CREATE TABLE "households" ("tenant_id" character varying(40) NOT NULL, "id" character varying(40) NOT NULL, "name" character varying(200) NOT NULL, "created_by" character varying(40) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2b1aef2640717132e9231aac756" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_5a60fcacb2110ad6c7662eedd0" ON "households"  ("tenant_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_965728609ab3b414797b133c95" ON "households"  ("tenant_id", "created_at") `);
    await queryRunner.query(`CREATE TABLE "household_members" ("tenant_id" character varying(40) NOT NULL, "client_id" character varying(40) NOT NULL, "household_id" character varying(40) NOT NULL, "relationship" character varying(16) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_10b2974725cc5b54a25dc174f87" PRIMARY KEY ("client_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_6437f9de242d740ddf7139e22f" ON "household_members"  ("tenant_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_13bcfb3a914d281bf90a4b2496" ON "household_members"  ("tenant_id", "household_id") `);
    await queryRunner.query(`ALTER TABLE "tenants" ADD "client_auto_create" boolean NOT NULL DEFAULT true`);
    await queryRunner.query(`ALTER TABLE "tenants" ADD "retention_days" integer`);
    await queryRunner.query(`ALTER TABLE "clients" ADD CONSTRAINT "FK_e7d8b637725986e7b5fa774a3fd" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "document_investors" ADD CONSTRAINT "FK_b0db860b2d37b1b9a6c9446f430" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "document_investors" ADD CONSTRAINT "FK_a385b36d119577b4d1f554eb0a5" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "document_investors" ADD CONSTRAINT "FK_3c6990a342f96a99a2882f8733a" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "households" ADD CONSTRAINT "FK_5a60fcacb2110ad6c7662eedd09" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "household_members" ADD CONSTRAINT "FK_6437f9de242d740ddf7139e22f2" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "household_members" ADD CONSTRAINT "FK_10b2974725cc5b54a25dc174f87" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "household_members" ADD CONSTRAINT "FK_6b8b13e8e04d123ec8cb8b5c318" FOREIGN KEY ("household_id") REFERENCES "households"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "household_members" DROP CONSTRAINT "FK_6b8b13e8e04d123ec8cb8b5c318"`);
    await queryRunner.query(`ALTER TABLE "household_members" DROP CONSTRAINT "FK_10b2974725cc5b54a25dc174f87"`);
    await queryRunner.query(`ALTER TABLE "household_members" DROP CONSTRAINT "FK_6437f9de242d740ddf7139e22f2"`);
    await queryRunner.query(`ALTER TABLE "households" DROP CONSTRAINT "FK_5a60fcacb2110ad6c7662eedd09"`);
    await queryRunner.query(`ALTER TABLE "document_investors" DROP CONSTRAINT "FK_3c6990a342f96a99a2882f8733a"`);
    await queryRunner.query(`ALTER TABLE "document_investors" DROP CONSTRAINT "FK_a385b36d119577b4d1f554eb0a5"`);
    await queryRunner.query(`ALTER TABLE "document_investors" DROP CONSTRAINT "FK_b0db860b2d37b1b9a6c9446f430"`);
    await queryRunner.query(`ALTER TABLE "clients" DROP CONSTRAINT "FK_e7d8b637725986e7b5fa774a3fd"`);
    await queryRunner.query(`ALTER TABLE "tenants" DROP COLUMN "retention_days"`);
    await queryRunner.query(`ALTER TABLE "tenants" DROP COLUMN "client_auto_create"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_13bcfb3a914d281bf90a4b2496"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_6437f9de242d740ddf7139e22f"`);
    await queryRunner.query(`DROP TABLE "household_members"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_965728609ab3b414797b133c95"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_5a60fcacb2110ad6c7662eedd0"`);
    await queryRunner.query(`DROP TABLE "households"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_de40f0512e57694a5dfdb87f2a"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_10bc8e4b1120129e4eee9ea13d"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_b0db860b2d37b1b9a6c9446f43"`);
    await queryRunner.query(`DROP TABLE "document_investors"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_4cea4d048c3386242545c85863"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_660641122da358edb880b42fd7"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_e7d8b637725986e7b5fa774a3f"`);
    await queryRunner.query(`DROP TABLE "clients"`);
  }
}
