import { Module } from '@nestjs/common';
import { ChatFigures } from './chat-figures.js';

/** Chat's figures for other modules (the tenant's statistics), without the rest of chat. */
@Module({ providers: [ChatFigures], exports: [ChatFigures] })
export class ChatFiguresModule {}
