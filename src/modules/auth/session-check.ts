import type { DataSource } from 'typeorm';
import type { Principal } from '../../common/auth/principal.js';
import { isRole, type Role } from '../../common/auth/roles.js';
import { AppException } from '../../common/errors/app.exception.js';
import { queryPrepared, type PreparedStatement } from '../../database/prepared-query.js';

/** A token's session and user as every authenticated request checks them. */
export interface SessionState {
  /** Revoked (logout, refresh-token reuse) or past its absolute lifetime. */
  ended: boolean;
  disabled: boolean;
  role: Role;
  email: string;
  tenantId: string;
}

/**
 * The session check every authenticated request makes, prepared (see queryPrepared): one row found by
 * the sessions primary key and the users primary key. $1 the session id (`sid`), $2 the user id
 * (`sub`); the verdicts are computed by PostgreSQL, so no timestamp is decoded on a request's way through.
 */
const SESSION_STATE: PreparedStatement = {
  name: 'sessions.state',
  text: `SELECT (s.revoked_at IS NOT NULL OR s.absolute_expires_at <= now()) AS session_ended, u.disabled_at IS NOT NULL AS user_disabled,
                u.role AS user_role, u.email AS user_email, u.tenant_id AS user_tenant_id
           FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.id = $1 AND s.user_id = $2`,
};

type StateRow = { session_ended: boolean; user_disabled: boolean; user_role: string; user_email: string; user_tenant_id: string };

const stateOf = (row: StateRow | undefined): SessionState | null =>
  row && isRole(row.user_role)
    ? { ended: row.session_ended, disabled: row.user_disabled, role: row.user_role, email: row.user_email, tenantId: row.user_tenant_id }
    : null;

/**
 * Whether a verified token's claims may still act: the session exists for that user and tenant, is not
 * revoked or past its absolute lifetime, the user is not disabled, and the role is still the token's.
 * Throws the error the client gets; answers the user's e-mail.
 */
export function checkSession(state: SessionState | null, claims: { tenantId: string; role: Role }): string {
  if (!state || state.tenantId !== claims.tenantId) throw new AppException('TOKEN_INVALID');
  if (state.ended) throw new AppException('SESSION_REVOKED');
  if (state.disabled) throw new AppException('ACCOUNT_DISABLED');
  if (state.role !== claims.role) throw new AppException('TOKEN_INVALID', 'Your role has changed; refresh the token to continue');
  return state.email;
}

/** `checkSession` of the caller's current state, read from PostgreSQL. */
export async function checkSessionOf(dataSource: DataSource, caller: Principal): Promise<string> {
  const [row] = await queryPrepared<StateRow>(dataSource, SESSION_STATE, [caller.sessionId, caller.userId]);
  return checkSession(stateOf(row), caller);
}
