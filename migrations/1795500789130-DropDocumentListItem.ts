import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Times as Date#toISOString writes them (milliseconds truncated, UTC). */
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * Drops `documents.list_item` and the trigger that kept it: GET /api/v1/documents/me selects the
 * listed columns and maps them like every other read (toDocumentListItem).
 */
export class DropDocumentListItem1795500789130 implements MigrationInterface {
  name = 'DropDocumentListItem1795500789130';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "documents_list_item" ON "documents"`);
    await queryRunner.query(`DROP FUNCTION "documents_list_item"()`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "list_item"`);
  }

  /** As AddDocumentListItem1795414965272 made them. */
  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE FUNCTION "documents_list_item"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         SELECT row_to_json(item)::text INTO NEW."list_item"
           FROM (SELECT NEW."id" AS doc_id, NEW."job_id" AS job_id, NEW."file_name" AS file_name, NEW."status" AS status,
                        NEW."classification" AS classification, NEW."confidence_score" AS confidence_score,
                        to_char(NEW."created_at" AT TIME ZONE 'UTC', ${ISO_UTC}) AS created_at,
                        to_char(NEW."updated_at" AT TIME ZONE 'UTC', ${ISO_UTC}) AS updated_at) item;
         RETURN NEW;
       END $$`,
    );
    await queryRunner.query(`ALTER TABLE "documents" ADD "list_item" text`);
    await queryRunner.query(`CREATE TRIGGER "documents_list_item" BEFORE INSERT OR UPDATE ON "documents" FOR EACH ROW EXECUTE FUNCTION "documents_list_item"()`);
    await queryRunner.query(`UPDATE "documents" SET "list_item" = NULL`);
    await queryRunner.query(`ALTER TABLE "documents" ALTER COLUMN "list_item" SET NOT NULL`);
  }
}
