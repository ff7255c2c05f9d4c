import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IndexProcessesByDocument1795359442822 implements MigrationInterface {
  name = 'IndexProcessesByDocument1795359442822';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_60de9daf9f416ec25259991c71" ON "pipeline_processes"  ("tenant_id", "document_id", "finished_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_60de9daf9f416ec25259991c71"`);
  }
}
