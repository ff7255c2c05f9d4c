import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddChatMessageCost1795360344628 implements MigrationInterface {
  name = 'AddChatMessageCost1795360344628';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chat_messages" ADD "cost_inr" numeric(12,4) NOT NULL DEFAULT '0'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chat_messages" DROP COLUMN "cost_inr"`);
  }
}
