import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Batch uploads: a batch and its files, each with its document (or why it has none) and where it is
 * on its way into the pipeline (waiting in PostgreSQL for the tenant's admission, admitted, ...).
 */
export class AddUploadBatches1795511136294 implements MigrationInterface {
  name = 'AddUploadBatches1795511136294';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "upload_batches" ("tenant_id" character varying(40) NOT NULL, "id" character varying(40) NOT NULL, "owner_id" character varying(40) NOT NULL, "source" character varying(16) NOT NULL, "file_count" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ba93a3c8b208932f309cc1ad674" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_3b5e3e698fdd99d40a8e0031f8" ON "upload_batches"  ("tenant_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_5539644993742f0380323c3058" ON "upload_batches"  ("tenant_id", "created_at") `);
    await queryRunner.query(`CREATE TABLE "upload_batch_files" ("tenant_id" character varying(40) NOT NULL, "batch_id" character varying(40) NOT NULL, "position" integer NOT NULL, "file_name" character varying(255) NOT NULL, "document_id" uuid, "client_id" character varying(40), "outcome" character varying(24) NOT NULL, "error_code" character varying(64), "error_message" character varying(500), "admitted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_bb7d6cfbf06710ff9890ae16661" PRIMARY KEY ("batch_id", "position"))`);
    await queryRunner.query(`CREATE INDEX "IDX_45298bcefe63b14449fa7a8533" ON "upload_batch_files"  ("tenant_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_cf587197385b307d273bc3ddff" ON "upload_batch_files"  ("document_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_043c32e42a16bd0bd6271b745a" ON "upload_batch_files"  ("tenant_id", "outcome", "created_at") `);
    await queryRunner.query(`ALTER TABLE "upload_batches" ADD CONSTRAINT "FK_3b5e3e698fdd99d40a8e0031f8f" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "upload_batches" ADD CONSTRAINT "FK_436a78926acfdfef502d089c79c" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "upload_batch_files" ADD CONSTRAINT "FK_45298bcefe63b14449fa7a85333" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "upload_batch_files" ADD CONSTRAINT "FK_fb4125c90d33287efe4bcfcc035" FOREIGN KEY ("batch_id") REFERENCES "upload_batches"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "upload_batch_files" ADD CONSTRAINT "FK_cf587197385b307d273bc3ddffe" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "upload_batch_files" DROP CONSTRAINT "FK_cf587197385b307d273bc3ddffe"`);
    await queryRunner.query(`ALTER TABLE "upload_batch_files" DROP CONSTRAINT "FK_fb4125c90d33287efe4bcfcc035"`);
    await queryRunner.query(`ALTER TABLE "upload_batch_files" DROP CONSTRAINT "FK_45298bcefe63b14449fa7a85333"`);
    await queryRunner.query(`ALTER TABLE "upload_batches" DROP CONSTRAINT "FK_436a78926acfdfef502d089c79c"`);
    await queryRunner.query(`ALTER TABLE "upload_batches" DROP CONSTRAINT "FK_3b5e3e698fdd99d40a8e0031f8f"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_043c32e42a16bd0bd6271b745a"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_cf587197385b307d273bc3ddff"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_45298bcefe63b14449fa7a8533"`);
    await queryRunner.query(`DROP TABLE "upload_batch_files"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_5539644993742f0380323c3058"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_3b5e3e698fdd99d40a8e0031f8"`);
    await queryRunner.query(`DROP TABLE "upload_batches"`);
  }
}
