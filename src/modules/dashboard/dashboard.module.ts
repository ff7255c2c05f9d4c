import { Module } from '@nestjs/common';

/** Home of the Dashboard feature; its controllers, services and processors are registered here. */
@Module({})
export class DashboardModule {}
