import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `documents.origin`: `nexus` (uploaded to Nexus, linked to the client register when read) or `chat`
 * (uploaded into a chat session: its owner's alone, linked to the register only once attached);
 * `documents.attached_at`: when the owner attached a chat upload to the register.
 */
export class AddDocumentOrigin1795540000000 implements MigrationInterface {
  name = 'AddDocumentOrigin1795540000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "documents" ADD "origin" character varying(8) NOT NULL DEFAULT 'nexus'`);
    await queryRunner.query(`ALTER TABLE "documents" ADD "attached_at" TIMESTAMP WITH TIME ZONE`);
    // Chat uploads made before: private from now on, like every new one.
    await queryRunner.query(`UPDATE "documents" d SET "origin" = 'chat' WHERE EXISTS (SELECT 1 FROM "chat_documents" c WHERE c.document_id = d.id)`);
    await queryRunner.query(`DELETE FROM "document_investors" i USING "documents" d WHERE d.id = i.document_id AND d.origin = 'chat'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "attached_at"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "origin"`);
  }
}
