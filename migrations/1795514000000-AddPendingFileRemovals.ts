import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `pending_file_removals`: stored objects whose rows a deletion or the retention purge removed and that
 * are still to be removed from the document store; written in the deleting transaction, retried by the
 * store sweep.
 */
export class AddPendingFileRemovals1795514000000 implements MigrationInterface {
  name = 'AddPendingFileRemovals1795514000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "pending_file_removals" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" character varying(40) NOT NULL, "storage_key" character varying(300) NOT NULL, "reason" character varying(40) NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "last_error" character varying(64), "last_attempt_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ba1bc8a8792ce3ec5a48946e19b" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_9d0606ae76a867641b07501c76" ON "pending_file_removals"  ("storage_key") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_9d0606ae76a867641b07501c76"`);
    await queryRunner.query(`DROP TABLE "pending_file_removals"`);
  }
}
