import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddReports1795358563012 implements MigrationInterface {
  name = 'AddReports1795358563012';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "reports" ("tenant_id" character varying(40) NOT NULL, "id" uuid NOT NULL, "document_id" uuid NOT NULL, "created_by" character varying(40) NOT NULL, "report_type" character varying(32) NOT NULL, "format" character varying(8) NOT NULL, "fields" jsonb NOT NULL, "row_count" integer NOT NULL, "storage_key" character varying(255) NOT NULL, "size_bytes" bigint NOT NULL, "sha256" character(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d9013193989303580053c0b5ef6" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_f7272911ff87dc7a7a01ac32be" ON "reports"  ("tenant_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_4b299dc5626dd4c374a840a6c7" ON "reports"  ("tenant_id", "document_id", "created_at") `);
    await queryRunner.query(`ALTER TABLE "reports" ADD CONSTRAINT "FK_f7272911ff87dc7a7a01ac32beb" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "reports" ADD CONSTRAINT "FK_6611267fd1f26420db56f79cc5d" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "reports" ADD CONSTRAINT "FK_a20814878638f52ffc91005fc42" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reports" DROP CONSTRAINT "FK_a20814878638f52ffc91005fc42"`);
    await queryRunner.query(`ALTER TABLE "reports" DROP CONSTRAINT "FK_6611267fd1f26420db56f79cc5d"`);
    await queryRunner.query(`ALTER TABLE "reports" DROP CONSTRAINT "FK_f7272911ff87dc7a7a01ac32beb"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_4b299dc5626dd4c374a840a6c7"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_f7272911ff87dc7a7a01ac32be"`);
    await queryRunner.query(`DROP TABLE "reports"`);
  }
}
