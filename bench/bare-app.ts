/**
 * The machine's ceiling for the load benchmark (bench/load.ts): a bare NestJS application on the same
 * Express adapter, with the service's own envelope interceptor and validation pipe, and no
 * middleware, authentication or database. Its routes answer the JSON the real routes answered in the
 * same run (read from BARE_FIXTURE), so the difference is everything the service does around it.
 * Run by bench/load.ts as its own process: `node dist-bench/bench/bare-app.js` (BARE_PORT, BARE_FIXTURE).
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { Body, Controller, Get, HttpCode, Module, Post, Query, UseInterceptors } from '@nestjs/common';
import { APP_INTERCEPTOR, NestFactory } from '@nestjs/core';
import { NoFilesInterceptor, type NestExpressApplication } from '@nestjs/platform-express';
import { EnvelopeInterceptor } from '../src/common/http/envelope.interceptor.js';
// The service's own DTOs, so that the ceiling validates exactly what the real routes validate.
import { DocumentListQueryDto } from '../src/modules/nexus/dto/document.dto.js';
import { InvokeDto } from '../src/modules/zen/chat/dto/chat.dto.js';
import { createValidationPipe } from '../src/common/http/validation.js';

interface Fixture {
  /** The `result` of GET /api/v1/documents/me. */
  documents: unknown[];
  /** The `result` of POST /api/v1/zen/chat/invoke. */
  invoke: unknown;
}

const fixture = JSON.parse(readFileSync(process.env.BARE_FIXTURE ?? '', 'utf8')) as Fixture;

@Controller('api/v1')
class BareController {
  @Get('documents/me')
  documents(@Query() query: DocumentListQueryDto) {
    return fixture.documents.slice(query.skip, query.skip + query.limit);
  }

  @Post('zen/chat/invoke')
  @HttpCode(200)
  @UseInterceptors(NoFilesInterceptor())
  invoke(@Body() _dto: InvokeDto) {
    return fixture.invoke;
  }
}

@Module({ controllers: [BareController], providers: [{ provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor }] })
class BareModule {}

const app = await NestFactory.create<NestExpressApplication>(BareModule, { logger: false });
app.useGlobalPipes(createValidationPipe());
await app.listen(Number(process.env.BARE_PORT ?? 3999), '127.0.0.1');
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
