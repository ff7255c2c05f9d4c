import { rm } from 'node:fs/promises';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { finalize, type Observable } from 'rxjs';

/**
 * Removes the temporary file multer received once the request is over, however it ended: a
 * validation error in a pipe, or a refusal before the file was adopted into the store, would
 * otherwise leave it in the incoming directory. (A file already adopted has moved; rm is a no-op.)
 * Place it after FileInterceptor.
 */
@Injectable()
export class TempUploadCleanupInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request & { file?: { path?: string } }>();
    return next.handle().pipe(
      finalize(() => {
        const path = req.file?.path;
        if (path) void rm(path, { force: true }).catch(() => undefined);
      }),
    );
  }
}
