import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddChatSessions1795359411880 implements MigrationInterface {
  name = 'AddChatSessions1795359411880';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "chat_sessions" ("tenant_id" character varying(40) NOT NULL, "id" uuid NOT NULL, "user_id" character varying(40) NOT NULL, "title" character varying(200) NOT NULL, "status" character varying(16) NOT NULL, "closed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_efc151a4aafa9a28b73dedc485f" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_e56b32c0815c136c110e3d34f9" ON "chat_sessions"  ("tenant_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_c59c52a5eaed25c3937c76c130" ON "chat_sessions"  ("tenant_id", "user_id", "updated_at") `);
    await queryRunner.query(`CREATE TABLE "chat_messages" ("id" uuid NOT NULL, "session_id" uuid NOT NULL, "role" character varying(16) NOT NULL, "content" text NOT NULL, "meta" jsonb, "guardrail" jsonb, "citations" jsonb, "input_tokens" integer NOT NULL DEFAULT '0', "output_tokens" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_40c55ee0e571e268b0d3cd37d10" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_34bfc66e62161622b54ac9af4a" ON "chat_messages"  ("session_id", "created_at") `);
    await queryRunner.query(`ALTER TABLE "chat_sessions" ADD CONSTRAINT "FK_e56b32c0815c136c110e3d34f98" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "chat_sessions" ADD CONSTRAINT "FK_1fa209cf48ae975a109366542a5" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "chat_messages" ADD CONSTRAINT "FK_0672782561e44d43febcfba2984" FOREIGN KEY ("session_id") REFERENCES "chat_sessions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chat_messages" DROP CONSTRAINT "FK_0672782561e44d43febcfba2984"`);
    await queryRunner.query(`ALTER TABLE "chat_sessions" DROP CONSTRAINT "FK_1fa209cf48ae975a109366542a5"`);
    await queryRunner.query(`ALTER TABLE "chat_sessions" DROP CONSTRAINT "FK_e56b32c0815c136c110e3d34f98"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_34bfc66e62161622b54ac9af4a"`);
    await queryRunner.query(`DROP TABLE "chat_messages"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_c59c52a5eaed25c3937c76c130"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_e56b32c0815c136c110e3d34f9"`);
    await queryRunner.query(`DROP TABLE "chat_sessions"`);
  }
}
