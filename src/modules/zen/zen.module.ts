import { Module } from '@nestjs/common';

/** Home of the Zen feature; its controllers, services and processors are registered here. */
@Module({})
export class ZenModule {}
