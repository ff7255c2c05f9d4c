import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddPipeline1795356587181 implements MigrationInterface {
  name = 'AddPipeline1795356587181';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "extractions" ("tenant_id" character varying(40) NOT NULL, "document_id" uuid NOT NULL, "process_id" uuid NOT NULL, "result" jsonb NOT NULL, "holdings_count" integer NOT NULL, "total_value" double precision NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2a6ee22841aa89d3531a6bc3eb5" PRIMARY KEY ("document_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_60ea43c0bc5fa3e3f48771d0ff" ON "extractions"  ("tenant_id") `);
    await queryRunner.query(`CREATE TABLE "pipeline_processes" ("tenant_id" character varying(40) NOT NULL, "id" uuid NOT NULL, "document_id" uuid NOT NULL, "status" character varying(16) NOT NULL, "current_stage" character varying(32) NOT NULL, "stages_completed" integer NOT NULL DEFAULT '0', "sealed_password" text, "started_at" TIMESTAMP WITH TIME ZONE NOT NULL, "deadline_at" TIMESTAMP WITH TIME ZONE NOT NULL, "finished_at" TIMESTAMP WITH TIME ZONE, "error_code" character varying(64), "error_message" text, "error_stage" character varying(32), "retryable" boolean, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_59e6a8f2ab3a4206b6f7f51a81e" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_2bbcf9e67427e13023671f05d4" ON "pipeline_processes"  ("tenant_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_213832f5163efdc1ed8e546c16" ON "pipeline_processes"  ("status", "updated_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_e164a3aaeb478ca6c8d03a317c" ON "pipeline_processes"  ("document_id") WHERE "status" = 'processing'`);
    await queryRunner.query(`CREATE TABLE "pipeline_stages" ("process_id" uuid NOT NULL, "name" character varying(32) NOT NULL, "position" smallint NOT NULL, "status" character varying(16) NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "started_at" TIMESTAMP WITH TIME ZONE, "finished_at" TIMESTAMP WITH TIME ZONE, "duration_ms" integer, "output" jsonb, CONSTRAINT "PK_04b7be9cccd816a92a7ad897fc1" PRIMARY KEY ("process_id", "name"))`);
    await queryRunner.query(`CREATE TABLE "token_usage" ("tenant_id" character varying(40) NOT NULL, "id" uuid NOT NULL DEFAULT gen_random_uuid(), "document_id" uuid, "process_id" uuid, "stage_name" character varying(32) NOT NULL, "model" character varying(64) NOT NULL, "input_tokens" integer NOT NULL, "output_tokens" integer NOT NULL, "cost_inr" numeric(12,4) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b85b17103d77d9695632654729d" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_e9516fe12d7e31d30a79ea9117" ON "token_usage"  ("tenant_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_82f4744a4d58832a59164f305c" ON "token_usage"  ("tenant_id", "document_id") `);
    await queryRunner.query(`CREATE TABLE "outbox_events" ("tenant_id" character varying(40) NOT NULL, "id" uuid NOT NULL DEFAULT gen_random_uuid(), "event_type" character varying(40) NOT NULL, "data" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "dispatched_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_6689a16c00d09b8089f6237f1d2" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_d02ad1ef31dd2bf74be842f8a7" ON "outbox_events"  ("tenant_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_fcc2abbccea5c02478d3bf7e6b" ON "outbox_events"  ("dispatched_at", "created_at") `);
    await queryRunner.query(`ALTER TABLE "extractions" ADD CONSTRAINT "FK_60ea43c0bc5fa3e3f48771d0ff0" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "extractions" ADD CONSTRAINT "FK_2a6ee22841aa89d3531a6bc3eb5" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "pipeline_processes" ADD CONSTRAINT "FK_2bbcf9e67427e13023671f05d48" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "pipeline_processes" ADD CONSTRAINT "FK_c6205d4c6cbaae4a7448e2197c5" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "pipeline_stages" ADD CONSTRAINT "FK_b9f584e406407c4f9c1ad6a7d8b" FOREIGN KEY ("process_id") REFERENCES "pipeline_processes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "token_usage" ADD CONSTRAINT "FK_e9516fe12d7e31d30a79ea9117f" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "outbox_events" ADD CONSTRAINT "FK_d02ad1ef31dd2bf74be842f8a7b" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox_events" DROP CONSTRAINT "FK_d02ad1ef31dd2bf74be842f8a7b"`);
    await queryRunner.query(`ALTER TABLE "token_usage" DROP CONSTRAINT "FK_e9516fe12d7e31d30a79ea9117f"`);
    await queryRunner.query(`ALTER TABLE "pipeline_stages" DROP CONSTRAINT "FK_b9f584e406407c4f9c1ad6a7d8b"`);
    await queryRunner.query(`ALTER TABLE "pipeline_processes" DROP CONSTRAINT "FK_c6205d4c6cbaae4a7448e2197c5"`);
    await queryRunner.query(`ALTER TABLE "pipeline_processes" DROP CONSTRAINT "FK_2bbcf9e67427e13023671f05d48"`);
    await queryRunner.query(`ALTER TABLE "extractions" DROP CONSTRAINT "FK_2a6ee22841aa89d3531a6bc3eb5"`);
    await queryRunner.query(`ALTER TABLE "extractions" DROP CONSTRAINT "FK_60ea43c0bc5fa3e3f48771d0ff0"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_fcc2abbccea5c02478d3bf7e6b"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_d02ad1ef31dd2bf74be842f8a7"`);
    await queryRunner.query(`DROP TABLE "outbox_events"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_82f4744a4d58832a59164f305c"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_e9516fe12d7e31d30a79ea9117"`);
    await queryRunner.query(`DROP TABLE "token_usage"`);
    await queryRunner.query(`DROP TABLE "pipeline_stages"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_e164a3aaeb478ca6c8d03a317c"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_213832f5163efdc1ed8e546c16"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_2bbcf9e67427e13023671f05d4"`);
    await queryRunner.query(`DROP TABLE "pipeline_processes"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_60ea43c0bc5fa3e3f48771d0ff"`);
    await queryRunner.query(`DROP TABLE "extractions"`);
  }
}
