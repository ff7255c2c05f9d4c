import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Household reports: `reports.household_id` (→ households, cascade), a third subject beside a document
 * and a client, and `member_client_ids`, the members whose portfolios a household report prints.
 */
export class AddHouseholdReports1795537516175 implements MigrationInterface {
  name = 'AddHouseholdReports1795537516175';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reports" ADD "household_id" character varying(40)`);
    await queryRunner.query(`ALTER TABLE "reports" ADD "member_client_ids" character varying(40) array`);
    await queryRunner.query(`CREATE INDEX "IDX_683db21c3df9d76de35f0dacbf" ON "reports" ("tenant_id", "household_id", "created_at") `);
    await queryRunner.query(`ALTER TABLE "reports" ADD CONSTRAINT "FK_87a5de37e46cd303db87d5c4867" FOREIGN KEY ("household_id") REFERENCES "households"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "reports" DROP CONSTRAINT "CHK_reports_subject"`);
    await queryRunner.query(`ALTER TABLE "reports" ADD CONSTRAINT "CHK_reports_subject" CHECK ("document_id" IS NOT NULL OR "client_id" IS NOT NULL OR "household_id" IS NOT NULL)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "reports" WHERE "household_id" IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "reports" DROP CONSTRAINT "CHK_reports_subject"`);
    await queryRunner.query(`ALTER TABLE "reports" ADD CONSTRAINT "CHK_reports_subject" CHECK ("document_id" IS NOT NULL OR "client_id" IS NOT NULL)`);
    await queryRunner.query(`ALTER TABLE "reports" DROP CONSTRAINT "FK_87a5de37e46cd303db87d5c4867"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_683db21c3df9d76de35f0dacbf"`);
    await queryRunner.query(`ALTER TABLE "reports" DROP COLUMN "member_client_ids"`);
    await queryRunner.query(`ALTER TABLE "reports" DROP COLUMN "household_id"`);
  }
}
