import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxEventEntity } from './entities/outbox-event.entity.js';
import { OutboxService } from './outbox.service.js';

@Global()
@Module({ imports: [TypeOrmModule.forFeature([OutboxEventEntity])], providers: [OutboxService], exports: [OutboxService] })
export class OutboxModule {}
