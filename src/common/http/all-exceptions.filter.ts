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

export function sendError(exception: unknown, req: Request, res: Response, logger: Logger): void {
  const requestId = requestIdOf(req);
  const { status, body, headers, unexpected } = toErrorResponse(exception, requestId);
  if (unexpected && status === 503) {
    // PostgreSQL or Redis away: one line per refused request, not a stack trace each.
    logger.warn({ requestId, method: req.method, path: req.path, reason: (exception as Error | null)?.message }, 'dependency unavailable');
  } else if (unexpected) {
    logger.error({ err: exception, requestId, method: req.method, path: req.path }, 'unhandled error');
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.status(status).json(body);
}
