import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddWebhooks1795358735139 implements MigrationInterface {
  name = 'AddWebhooks1795358735139';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "webhook_subscriptions" ("tenant_id" character varying(40) NOT NULL, "id" character varying(40) NOT NULL, "url" character varying(2048) NOT NULL, "events" jsonb NOT NULL, "sealed_secret" text NOT NULL, "status" character varying(16) NOT NULL, "paused_reason" character varying(200), "failing_since" TIMESTAMP WITH TIME ZONE, "created_by" character varying(40) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_bf631ae77d39849d599817fb6f4" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_9f7060b145d1cd7b8c718b1b86" ON "webhook_subscriptions"  ("tenant_id") `);
    await queryRunner.query(`CREATE TABLE "webhook_deliveries" ("tenant_id" character varying(40) NOT NULL, "id" uuid NOT NULL, "subscription_id" character varying(40) NOT NULL, "outbox_event_id" uuid, "event_type" character varying(40) NOT NULL, "body" text NOT NULL, "status" character varying(16) NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP WITH TIME ZONE, "last_status_code" integer, "last_error" character varying(500), "delivered_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_dd2bc3de0e4a0329a4ef30600b" ON "webhook_deliveries"  ("tenant_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_95c2164aeeb56e15fbdb8d73d0" ON "webhook_deliveries"  ("subscription_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_284017efc3cbfe592288749a9c" ON "webhook_deliveries"  ("status", "next_attempt_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_6b9e12b8aa8b39f0afef7282f0" ON "webhook_deliveries"  ("subscription_id", "outbox_event_id") `);
    await queryRunner.query(`CREATE TABLE "webhook_attempts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "delivery_id" uuid NOT NULL, "attempt_number" integer NOT NULL, "status_code" integer, "success" boolean NOT NULL, "duration_ms" integer NOT NULL, "error" character varying(500), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2de7e7887ad97de459adab62638" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_00d7b4c3f7d9306a46ecbc30fd" ON "webhook_attempts"  ("delivery_id", "attempt_number") `);
    await queryRunner.query(`ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "FK_9f7060b145d1cd7b8c718b1b865" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_dd2bc3de0e4a0329a4ef30600b4" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_23eb2b6ae801c52cfb79a556b8a" FOREIGN KEY ("subscription_id") REFERENCES "webhook_subscriptions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "webhook_attempts" ADD CONSTRAINT "FK_0d56d91d61b827bb2079c256538" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_attempts" DROP CONSTRAINT "FK_0d56d91d61b827bb2079c256538"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_23eb2b6ae801c52cfb79a556b8a"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_dd2bc3de0e4a0329a4ef30600b4"`);
    await queryRunner.query(`ALTER TABLE "webhook_subscriptions" DROP CONSTRAINT "FK_9f7060b145d1cd7b8c718b1b865"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_00d7b4c3f7d9306a46ecbc30fd"`);
    await queryRunner.query(`DROP TABLE "webhook_attempts"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_6b9e12b8aa8b39f0afef7282f0"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_284017efc3cbfe592288749a9c"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_95c2164aeeb56e15fbdb8d73d0"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_dd2bc3de0e4a0329a4ef30600b"`);
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_9f7060b145d1cd7b8c718b1b86"`);
    await queryRunner.query(`DROP TABLE "webhook_subscriptions"`);
  }
}
