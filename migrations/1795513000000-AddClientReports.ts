import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports about a client (gains exports) beside a statement's exports: `reports.client_id` (→ clients,
 * cascade) and `document_id` null for them; every report names its document or its client.
 */
export class AddClientReports1795513000000 implements MigrationInterface {
  name = 'AddClientReports1795513000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reports" ADD "client_id" character varying(40)`);
    await queryRunner.query(`ALTER TABLE "reports" ALTER COLUMN "document_id" DROP NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_c71b74e6f60a3eba8c74a80df3" ON "reports" ("tenant_id", "client_id", "created_at") `);
    await queryRunner.query(`ALTER TABLE "reports" ADD CONSTRAINT "CHK_reports_subject" CHECK ("document_id" IS NOT NULL OR "client_id" IS NOT NULL)`);
    await queryRunner.query(`ALTER TABLE "reports" ADD CONSTRAINT "FK_bda44e16992191ff11ad8da01e2" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reports" DROP CONSTRAINT "FK_bda44e16992191ff11ad8da01e2"`);
    await queryRunner.query(`ALTER TABLE "reports" DROP CONSTRAINT "CHK_reports_subject"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_c71b74e6f60a3eba8c74a80df3"`);
    await queryRunner.query(`DELETE FROM "reports" WHERE "document_id" IS NULL`);
    await queryRunner.query(`ALTER TABLE "reports" ALTER COLUMN "document_id" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "reports" DROP COLUMN "client_id"`);
  }
}
