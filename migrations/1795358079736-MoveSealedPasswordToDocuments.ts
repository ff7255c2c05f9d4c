import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MoveSealedPasswordToDocuments1795358079736 implements MigrationInterface {
  name = 'MoveSealedPasswordToDocuments1795358079736';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "pipeline_processes" DROP COLUMN "sealed_password"`);
    await queryRunner.query(`ALTER TABLE "documents" ADD "sealed_password" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "sealed_password"`);
    await queryRunner.query(`ALTER TABLE "pipeline_processes" ADD "sealed_password" text`);
  }
}
