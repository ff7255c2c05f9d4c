import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddChatDocuments1795360146130 implements MigrationInterface {
  name = 'AddChatDocuments1795360146130';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // TypeORM keeps the expression of a generated column in "typeorm_metadata" (PostgreSQL reformats
    // it in information_schema) and compares with it; the generator writes this insert without its
    // values, so it is spelled out here, for whichever database and schema the migration runs in.
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "typeorm_metadata" ("type" character varying NOT NULL, "database" character varying, "schema" character varying, "table" character varying, "name" character varying, "value" text)`,
    );
    await queryRunner.query(
      `INSERT INTO "typeorm_metadata"("database", "schema", "table", "type", "name", "value") VALUES (current_database(), current_schema(), 'chat_chunks', 'GENERATED_COLUMN', 'tsv', $1)`,
      [`to_tsvector('english', "text")`],
    );
    await queryRunner.query(`CREATE TABLE "chat_chunks" ("tenant_id" character varying(40) NOT NULL, "id" uuid NOT NULL, "session_id" uuid NOT NULL, "document_id" uuid NOT NULL, "page" integer NOT NULL, "ordinal" integer NOT NULL, "text" text NOT NULL, "tsv" tsvector GENERATED ALWAYS AS (to_tsvector('english', "text")) STORED NOT NULL, CONSTRAINT "PK_8e5a9718444b4921ee943de3889" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_aa809628d886a47180f84095fe" ON "chat_chunks"  ("tenant_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_chat_chunks_tsv" ON "chat_chunks" USING gin ("tsv") `);
    await queryRunner.query(`CREATE INDEX "IDX_dae3298adb96edda47a684df94" ON "chat_chunks"  ("tenant_id", "session_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_00b33979cc07a3d3d0ea29f962" ON "chat_chunks"  ("session_id", "document_id", "ordinal") `);
    await queryRunner.query(`CREATE TABLE "chat_documents" ("tenant_id" character varying(40) NOT NULL, "session_id" uuid NOT NULL, "document_id" uuid NOT NULL, "chunks_indexed" integer NOT NULL DEFAULT '0', "indexed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_281426a2eda77a8e446a434846e" PRIMARY KEY ("session_id", "document_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_4a846ced9eeb4d05c89ddc5ce3" ON "chat_documents"  ("tenant_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_e2e5a3389f95f892e0f9e8655c" ON "chat_documents"  ("tenant_id", "session_id", "created_at") `);
    await queryRunner.query(`ALTER TABLE "chat_chunks" ADD CONSTRAINT "FK_aa809628d886a47180f84095fe7" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "chat_chunks" ADD CONSTRAINT "FK_9f2f749e0276414b753c8299293" FOREIGN KEY ("session_id") REFERENCES "chat_sessions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "chat_chunks" ADD CONSTRAINT "FK_a9ebea5409201b8c1979027e9a3" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "chat_documents" ADD CONSTRAINT "FK_4a846ced9eeb4d05c89ddc5ce3c" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "chat_documents" ADD CONSTRAINT "FK_d843cb14ed87bdb690c6106bcad" FOREIGN KEY ("session_id") REFERENCES "chat_sessions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "chat_documents" ADD CONSTRAINT "FK_0118b25c3dfa98d6eea7b78f3fd" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chat_documents" DROP CONSTRAINT "FK_0118b25c3dfa98d6eea7b78f3fd"`);
    await queryRunner.query(`ALTER TABLE "chat_documents" DROP CONSTRAINT "FK_d843cb14ed87bdb690c6106bcad"`);
    await queryRunner.query(`ALTER TABLE "chat_documents" DROP CONSTRAINT "FK_4a846ced9eeb4d05c89ddc5ce3c"`);
    await queryRunner.query(`ALTER TABLE "chat_chunks" DROP CONSTRAINT "FK_a9ebea5409201b8c1979027e9a3"`);
    await queryRunner.query(`ALTER TABLE "chat_chunks" DROP CONSTRAINT "FK_9f2f749e0276414b753c8299293"`);
    await queryRunner.query(`ALTER TABLE "chat_chunks" DROP CONSTRAINT "FK_aa809628d886a47180f84095fe7"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_e2e5a3389f95f892e0f9e8655c"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_4a846ced9eeb4d05c89ddc5ce3"`);
    await queryRunner.query(`DROP TABLE "chat_documents"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_00b33979cc07a3d3d0ea29f962"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_dae3298adb96edda47a684df94"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_chat_chunks_tsv"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_aa809628d886a47180f84095fe"`);
    await queryRunner.query(`DROP TABLE "chat_chunks"`);
    await queryRunner.query(
      `DELETE FROM "typeorm_metadata" WHERE "type" = 'GENERATED_COLUMN' AND "name" = 'tsv' AND "database" = current_database() AND "schema" = current_schema() AND "table" = 'chat_chunks'`,
    );
  }
}
