import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `documents.original_purged_at`: when the retention purge (the tenant's `retention_days`) removed the
 * document's original, stored layout and stage outputs, keeping its extraction; null while they are kept.
 */
export class AddDocumentOriginalPurged1795512000000 implements MigrationInterface {
  name = 'AddDocumentOriginalPurged1795512000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "documents" ADD "original_purged_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "original_purged_at"`);
  }
}
