import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A document's stored layout is counted: `layout_bytes` (0 while none is stored) joins `size_bytes`
 * in the stored-bytes quotas, and `layout_error` keeps the answer of a layout that could not be
 * drawn, so that it is not drawn again. A layout stored before this migration counts as not stored:
 * it is drawn again, and counted, on its next fetch.
 */
export class AddDocumentLayoutAccounting1795501494435 implements MigrationInterface {
  name = 'AddDocumentLayoutAccounting1795501494435';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "documents" ADD "layout_bytes" bigint NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "documents" ADD "layout_error" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "layout_error"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "layout_bytes"`);
  }
}
