import type { Role } from './roles.js';

/** Who is calling: set on the request by the JWT strategy once the token and its session check out. */
export interface Principal {
  userId: string;
  tenantId: string;
  role: Role;
  sessionId: string;
  email: string;
  /**
   * True while the session check waits for the route's own statement (`@SessionCheckedByRead()`, whose
   * read sets it false); the e-mail is known only once it has run.
   */
  sessionCheckPending?: boolean;
}
