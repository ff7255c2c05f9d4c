import { CallHandler, ExecutionContext, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { map, type Observable } from 'rxjs';
import { RAW_RESPONSE } from '../decorators/raw-response.decorator.js';
import { ok, WithMessage } from './envelope.js';

/** Wraps every V1 success body in `{success, message, error, result}`; V2 and raw handlers pass through. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const raw = this.reflector.getAllAndOverride<boolean>(RAW_RESPONSE, [context.getHandler(), context.getClass()]);
    const path: string = context.switchToHttp().getRequest().path ?? '';
    if (raw || path.startsWith('/api/v2/')) return next.handle();
    return next.handle().pipe(
      map((body) => {
        if (body instanceof StreamableFile) return body;
        if (body instanceof WithMessage) return ok(body.result ?? null, body.message);
        return ok(body ?? null);
      }),
    );
  }
}
