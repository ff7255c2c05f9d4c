import type { Role } from './roles.js';

/** Who is calling: set on the request by the JWT strategy once the token and its session check out. */
export interface Principal {
  userId: string;
  tenantId: string;
  role: Role;
  sessionId: string;
  email: string;
  /**
   * On a route marked `@SessionCheckedByRead()`, where the session check is the route's own statement:
   * `pending` until the read starts, `running` while it runs, `passed` once the session checked out.
   * The e-mail is known only then.
   */
  deferredSessionCheck?: 'pending' | 'running' | 'passed';
}
