import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddDocuments1795356065265 implements MigrationInterface {
  name = 'AddDocuments1795356065265';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "documents" ("tenant_id" character varying(40) NOT NULL, "id" uuid NOT NULL, "job_id" uuid NOT NULL, "owner_id" character varying(40) NOT NULL, "file_name" character varying(255) NOT NULL, "storage_key" character varying(255) NOT NULL, "sha256" character(64) NOT NULL, "size_bytes" bigint NOT NULL, "pages" integer, "password_required" boolean NOT NULL, "password_hint" character varying(255), "status" character varying(16) NOT NULL, "classification" character varying(64), "confidence_score" double precision, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ac51aa5181ee2036f5ca482857c" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_5109a94ccfd3f39bf4a7a1e1fa" ON "documents"  ("tenant_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_28d96e483a1e1a921a4d60029b" ON "documents"  ("job_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_968df1869955e5f4f8fcf4b6a1" ON "documents"  ("tenant_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_ab3c2de800e65d50c19d311ca2" ON "documents"  ("tenant_id", "owner_id", "created_at") `);
    await queryRunner.query(`ALTER TABLE "documents" ADD CONSTRAINT "FK_5109a94ccfd3f39bf4a7a1e1fa6" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "documents" ADD CONSTRAINT "FK_888a4852e27627d1ebd8a094e98" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "documents" DROP CONSTRAINT "FK_888a4852e27627d1ebd8a094e98"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP CONSTRAINT "FK_5109a94ccfd3f39bf4a7a1e1fa6"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ab3c2de800e65d50c19d311ca2"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_968df1869955e5f4f8fcf4b6a1"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_28d96e483a1e1a921a4d60029b"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_5109a94ccfd3f39bf4a7a1e1fa"`);
    await queryRunner.query(`DROP TABLE "documents"`);
  }
}
