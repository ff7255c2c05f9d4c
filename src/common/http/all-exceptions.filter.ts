import { ArgumentsHost, Catch, ExceptionFilter, Inject } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { toErrorResponse } from '../errors/error-response.js';
import { LOGGER } from '../logging/logging.module.js';
import { requestIdOf } from './request-id.middleware.js';

/** The one place every error becomes the envelope (V1 and V2 alike). */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const ctx = host.switchToHttp();
    sendError(exception, ctx.getRequest<Request>(), ctx.getResponse<Response>(), this.logger);
  }
}

const REPRESENTATION_HEADERS = ['Content-Type', 'Content-Disposition', 'Content-Length', 'Content-Encoding', 'Content-Language', 'Content-Range', 'Accept-Ranges', 'ETag', 'Last-Modified'];

export function sendError(exception: unknown, req: Request, res: Response, logger: Logger): void {
  const requestId = requestIdOf(req);
  const { status, body, headers, unexpected, warning } = toErrorResponse(exception, requestId);
  if (warning) {
    logger.warn({ requestId, method: req.method, path: req.path, key: (exception as { key?: unknown } | null)?.key }, warning);
  } else if (unexpected && status === 503) {
    // PostgreSQL or Redis away: one line per refused request, not a stack trace each.
    logger.warn({ requestId, method: req.method, path: req.path, reason: (exception as Error | null)?.message }, 'dependency unavailable');
  } else if (unexpected) {
    logger.error({ err: exception, requestId, method: req.method, path: req.path }, 'unhandled error');
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // What the route said of the answer it meant to send (a file's type, name, length) is not true of this one.
  for (const name of REPRESENTATION_HEADERS) res.removeHeader(name);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.status(status).json(body);
}
