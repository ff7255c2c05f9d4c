import type { Role } from './roles.js';

/** Who is calling: set on the request by the JWT guard once the token and its session check out. */
export interface Principal {
  userId: string;
  tenantId: string;
  role: Role;
  sessionId: string;
  email: string;
}
