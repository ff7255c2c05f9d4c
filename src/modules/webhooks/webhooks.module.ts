import { Module } from '@nestjs/common';

/** Home of the Webhooks feature; its controllers, services and processors are registered here. */
@Module({})
export class WebhooksModule {}
