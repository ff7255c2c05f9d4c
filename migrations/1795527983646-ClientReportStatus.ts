import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Client reports made later by a worker: a report's status, what it was asked for, why it failed; its file fields null until made. */

export class ClientReportStatus1795527983646 implements MigrationInterface {
  name = 'ClientReportStatus1795527983646';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reports" ADD "status" character varying(16) NOT NULL DEFAULT 'completed'`);
    await queryRunner.query(`ALTER TABLE "reports" ADD "params" jsonb`);
    await queryRunner.query(`ALTER TABLE "reports" ADD "error_code" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "reports" ADD "error_message" character varying(500)`);
    await queryRunner.query(`ALTER TABLE "reports" ADD "completed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "reports" ALTER COLUMN "storage_key" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "reports" ALTER COLUMN "size_bytes" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "reports" ALTER COLUMN "sha256" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "reports" ADD CONSTRAINT "CHK_reports_file" CHECK ("status" <> 'completed' OR ("storage_key" IS NOT NULL AND "size_bytes" IS NOT NULL AND "sha256" IS NOT NULL))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reports" DROP CONSTRAINT "CHK_reports_file"`);
    await queryRunner.query(`DELETE FROM "reports" WHERE "status" <> 'completed'`);
    await queryRunner.query(`ALTER TABLE "reports" ALTER COLUMN "sha256" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "reports" ALTER COLUMN "size_bytes" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "reports" ALTER COLUMN "storage_key" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "reports" DROP COLUMN "completed_at"`);
    await queryRunner.query(`ALTER TABLE "reports" DROP COLUMN "error_message"`);
    await queryRunner.query(`ALTER TABLE "reports" DROP COLUMN "error_code"`);
    await queryRunner.query(`ALTER TABLE "reports" DROP COLUMN "params"`);
    await queryRunner.query(`ALTER TABLE "reports" DROP COLUMN "status"`);
  }
}
