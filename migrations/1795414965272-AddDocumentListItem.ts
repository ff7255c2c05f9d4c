import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Times as Date#toISOString writes them (milliseconds truncated, UTC). */
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * `documents.list_item`: the document's item of GET /api/v1/documents/me, as the JSON text the answer
 * carries (`row_to_json`, compact, in the answer's field names and order), kept by a trigger on every
 * insert and update of the row, so that the most frequent read only joins fifty ready texts instead of
 * building them on every request (docs/benchmarks.md, "Load"). It is derived from the row's own columns
 * only, like a generated column; it cannot be one because to_char is not immutable.
 */
export class AddDocumentListItem1795414965272 implements MigrationInterface {
  name = 'AddDocumentListItem1795414965272';

  public async up(queryRunner: QueryRunner): Promise<void> {
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
    await queryRunner.query(
      `CREATE TRIGGER "documents_list_item" BEFORE INSERT OR UPDATE ON "documents" FOR EACH ROW EXECUTE FUNCTION "documents_list_item"()`,
    );
    // Fills the existing rows: the trigger computes the item on any update.
    await queryRunner.query(`UPDATE "documents" SET "list_item" = NULL`);
    await queryRunner.query(`ALTER TABLE "documents" ALTER COLUMN "list_item" SET NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "documents_list_item" ON "documents"`);
    await queryRunner.query(`DROP FUNCTION "documents_list_item"()`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "list_item"`);
  }
}
