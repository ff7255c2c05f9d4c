import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import type { INestApplication } from '@nestjs/common';
import { AppModule } from './app.module.js';
import type { AppConfig } from './config/app-config.js';
import { sendError } from './common/http/all-exceptions.filter.js';
import { rejectAbusiveJson } from './common/http/json-limits.js';
import { requestIdMiddleware, requestIdOf } from './common/http/request-id.middleware.js';
import { createValidationPipe } from './common/http/validation.js';
import { ErrorEnvelopeDto } from './common/http/api-envelope.decorator.js';
import { describeErrorAnswers } from './common/http/openapi-errors.js';
import { PinoNestLogger } from './common/logging/logger.js';
import { MetricsService } from './modules/metrics/metrics.service.js';
import { mountQueueBoard } from './modules/nexus/pipeline/queue-board.js';
import { QUEUE_NAMES } from './modules/nexus/pipeline/pipeline.constants.js';
import { CLIENT_REPORT_QUEUE } from './modules/reports/client-report.queue.js';
import { WEBHOOK_QUEUE } from './modules/webhooks/delivery/delivery-queue.js';

/** Every queue of the service, as the operator's queue board shows them. */
export const BOARD_QUEUES: readonly string[] = [...QUEUE_NAMES, CLIENT_REPORT_QUEUE, WEBHOOK_QUEUE];

const JSON_BODY_LIMIT = '1mb';

/** Builds the HTTP application with every global piece; used by main.ts, the tests and the OpenAPI script. */
export async function createHttpApp(config: AppConfig, logger: Logger, options: { preview?: boolean } = {}) {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, logger), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
    preview: options.preview ?? false,
    abortOnError: false,
  });
  app.set('trust proxy', config.http.trustProxy);
  app.disable('x-powered-by');
  // Every answer under /api is no-store (below): nothing keeps it, so nothing revalidates it with an
  // ETag. Express would otherwise hash each body for one (documents/me: fifty items, about 15 KB).
  app.set('etag', false);
  app.use(requestIdMiddleware);
  // Every answer under /api is one tenant's data (originals, exports, extraction results, tokens): no
  // browser or shared cache may keep a copy. A route may still set a Cache-Control of its own.
  app.use('/api', (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  if (!options.preview) app.use(app.get(MetricsService).middleware);
  // pino-http writes its request lines at info. Below that level it would still build a child logger
  // (serialising the request bindings) for every request and write nothing: measured at about 2 % of
  // the CPU of an authenticated read, so it is left out (docs/benchmarks.md, "Load").
  if (logger.isLevelEnabled('info')) {
    app.use(
      pinoHttp({
        logger,
        genReqId: (req, res) => requestIdOf(req as Request) ?? res.getHeader('x-request-id'),
        autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/api/v1/health') },
        serializers: {
          req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url.split('?')[0] }),
          res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        },
      }),
    );
  }
  app.use(helmet({ contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:', 'validator.swagger.io'] } } }));
  app.use(express.json({ limit: JSON_BODY_LIMIT, type: ['application/json', 'application/*+json'], verify: rejectAbusiveJson }));
  app.use(express.urlencoded({ extended: false, limit: JSON_BODY_LIMIT }));
  // Body-parser errors (malformed JSON, too large) never reach Nest's filters: map them here.
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => sendError(err, req, res, logger));
  if (!options.preview && config.role !== 'worker') mountQueueBoard(app, BOARD_QUEUES, (err, req, res) => sendError(err, req, res, logger));
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
  setupSwagger(app);
  return app;
}

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Foliodesk API')
    .setDescription(
      'Document intelligence and chat for wealth-management firms. V1 responses use the envelope ' +
        '`{success, message, error, result}`; errors carry a code from the catalogue (docs/errors.md).',
    )
    .setVersion('1.0.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controllerKey: string, methodKey: string) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
    extraModels: [ErrorEnvelopeDto],
  });
  return describeErrorAnswers(document);
}

function setupSwagger(app: INestApplication) {
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'docs-json',
    customSiteTitle: 'Foliodesk API',
    swaggerOptions: { persistAuthorization: true },
  });
}
