import { Module } from '@nestjs/common';

/** Home of the Nexus feature; its controllers, services and processors are registered here. */
@Module({})
export class NexusModule {}
