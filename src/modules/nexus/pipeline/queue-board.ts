import { createBullBoard } from '@bull-board/api';
import { BullAdapter } from '@bull-board/api/bullAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { getQueueToken } from '@nestjs/bull';
import type { INestApplication } from '@nestjs/common';
import type { Queue } from 'bull';
import type { NextFunction, Request, Response } from 'express';
import { AppConfig } from '../../../config/app-config.js';
import { roleAtLeast } from '../../../common/auth/roles.js';
import { AppException } from '../../../common/errors/app.exception.js';
import { JwtAuthGuard } from '../../auth/jwt-auth.guard.js';
import { UsersRepository } from '../../users/users.repository.js';

export const QUEUE_BOARD_PATH = '/admin/queues';
const COOKIE = 'fd_queue_board';

/**
 * Bull Board for the operator at /admin/queues, showing `queueNames` (every queue of the service:
 * the ten pipeline stages, client reports and webhook deliveries, each with its recent finished
 * jobs, see KEEP_COMPLETED_JOBS): the account the bootstrap created for
 * BOOTSTRAP_ADMIN_EMAIL (marked `users.is_operator`), never merely an account with that e-mail. The access token comes as a
 * Bearer header, or once as `?access_token=` (for a browser), after which an HttpOnly cookie scoped to
 * this path carries it (HttpOnly, Secure, SameSite=Strict).
 */
export function mountQueueBoard(app: INestApplication, queueNames: readonly string[], onError: (err: unknown, req: Request, res: Response) => void): void {
  const config = app.get(AppConfig);
  const guard = app.get(JwtAuthGuard, { strict: false });
  const users = app.get(UsersRepository, { strict: false });
  const operatorEmail = config.bootstrapAdmin?.email.trim().toLowerCase() ?? null;
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: queueNames.map((name) => new BullAdapter(app.get<Queue>(getQueueToken(name), { strict: false }), { readOnlyMode: false })),
    serverAdapter,
  });

  const adminOnly = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const fromQuery = typeof req.query.access_token === 'string' ? req.query.access_token : undefined;
      const fromHeader = /^Bearer\s+(\S+)$/i.exec(req.header('authorization') ?? '')?.[1];
      const fromCookie = (req.header('cookie') ?? '').split(/;\s*/).find((c) => c.startsWith(`${COOKIE}=`))?.slice(COOKIE.length + 1);
      const token = fromHeader ?? fromQuery ?? fromCookie;
      if (!token) throw new AppException('UNAUTHORIZED', 'An admin access token is required');
      const principal = await guard.authenticate(token);
      if (!roleAtLeast(principal.role, 'admin')) throw new AppException('FORBIDDEN', 'The queue board is for admins');
      // The queues are shared by every tenant (and anyone can register one and be its admin), so only
      // the operator may see or act on them: the account the bootstrap itself created for the configured
      // e-mail. The e-mail alone proves nothing (anyone may register it first); see docs/security.md.
      if (principal.email !== operatorEmail || !(await users.isOperator(principal.userId))) {
        throw new AppException('FORBIDDEN', 'The queue board is for the operator (the account the bootstrap created for BOOTSTRAP_ADMIN_EMAIL)');
      }
      if (fromQuery) {
        // Secure: the cookie carries an operator's access token, never to be sent over plain http
        // (browsers still send it to http://localhost, a secure context).
        res.setHeader('Set-Cookie', `${COOKIE}=${fromQuery}; Path=${QUEUE_BOARD_PATH}; HttpOnly; Secure; SameSite=Strict; Max-Age=3600`);
      }
      next();
    } catch (error) {
      onError(error, req, res);
    }
  };
  app.use(QUEUE_BOARD_PATH, adminOnly, serverAdapter.getRouter());
}
