import { createServer, type Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { failure } from './common/http/envelope.js';

export const SANDBOX_ROUTE = '/api/v1/webhooks/test';

/**
 * The sandbox address: a second listener that serves only `POST /api/v1/webhooks/test`, handled by
 * the same application (same authentication, validation and envelope). Everything else is 404.
 */
export function startSandboxListener(app: INestApplication, port: number, host: string): Promise<Server> {
  const handler = app.getHttpAdapter().getInstance() as (req: unknown, res: unknown) => void;
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0].replace(/\/+$/, '');
    if (req.method === 'POST' && path === SANDBOX_ROUTE) {
      handler(req, res);
      return;
    }
    res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(failure('ROUTE_NOT_FOUND', 'No such route', 'The sandbox serves only POST /api/v1/webhooks/test')));
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
