import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const SAFE_ID = /^[A-Za-z0-9._:-]{8,128}$/;
const KEY = Symbol('requestId');

/** Gives every request an id (the caller's X-Request-Id when it looks sane), echoed in the response. */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const given = req.header('x-request-id');
  const id = given && SAFE_ID.test(given) ? given : randomUUID();
  (req as unknown as Record<symbol, string>)[KEY] = id;
  res.setHeader('X-Request-Id', id);
  next();
}

export const requestIdOf = (req: Request): string => (req as unknown as Record<symbol, string>)[KEY] ?? 'unknown';
