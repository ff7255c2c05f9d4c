import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { catchError, from, map, mergeMap, throwError, type Observable } from 'rxjs';
import { InjectDataSource } from '@nestjs/typeorm';
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

// $1 the session id (`sid`), $2 the user id (`sub`). The verdicts are computed by PostgreSQL, so no
// timestamp is decoded on a request's way through.
const STATE = `SELECT (s.revoked_at IS NOT NULL OR s.absolute_expires_at <= now()) AS session_ended, u.disabled_at IS NOT NULL AS user_disabled,
                      u.role AS user_role, u.email AS user_email, u.tenant_id AS user_tenant_id
                 FROM sessions s JOIN users u ON u.id = s.user_id
                WHERE s.id = $1 AND s.user_id = $2`;

/** The session check alone, run by the JWT strategy on every authenticated request (prepared: see queryPrepared). */
const SESSION_STATE: PreparedStatement = { name: 'sessions.state', text: STATE };

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

/** The session check on a statement of its own (the guard's way): `checkSession` of the caller's current state. */
export async function checkSessionOf(dataSource: DataSource, caller: Principal): Promise<string> {
  const [row] = await queryPrepared<StateRow>(dataSource, SESSION_STATE, [caller.sessionId, caller.userId]);
  return checkSession(stateOf(row), caller);
}

// ---------------------------------------------------------------------------------------------------
// Reads that carry the session check themselves: one round trip to PostgreSQL instead of two.

export const SESSION_CHECKED_BY_READ = 'foliodesk:session-checked-by-read';

/**
 * `read` with the session check in the same statement: the read's columns and the session's in
 * one row, or no row when there is no such session (the read's `$n` become `$n+2`; `$1` and `$2` are
 * the session and user ids). The read must answer exactly one row (an aggregate) and contain no `$`
 * but its parameters.
 */
export function withSessionState(read: PreparedStatement): PreparedStatement {
  const shifted = read.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + 2}`);
  // The session's columns last: of two columns with one name pg keeps the later, so a read can never
  // shadow a verdict.
  return { name: `${read.name}+session`, text: `SELECT r.*, st.* FROM (${STATE}) st, (${shifted}) r` };
}

/**
 * Runs a read built by `withSessionState` for the caller: checks the session (throwing as the guard
 * would), completes the principal, and answers the read's row (with the session columns still on it).
 */
export async function readWithSessionCheck<T extends object>(dataSource: DataSource, read: PreparedStatement, principal: Principal, values: unknown[]): Promise<T> {
  principal.deferredSessionCheck = 'running';
  const [row] = await queryPrepared<T & StateRow>(dataSource, read, [principal.sessionId, principal.userId, ...values]);
  principal.email = checkSession(stateOf(row), principal);
  principal.deferredSessionCheck = 'passed';
  return row;
}

type DeferringRequest = Request & { sessionCheckDeferred?: boolean };
/** Set by the JWT guard on the request of a route marked `@SessionCheckedByRead()`, read by the strategy. */
export const markSessionCheckDeferred = (req: Request): void => {
  (req as DeferringRequest).sessionCheckDeferred = true;
};
export const sessionCheckDeferred = (req: Request): boolean => (req as DeferringRequest).sessionCheckDeferred === true;

/** A marked route that answered without `readWithSessionCheck`: a defect, answered 500. */
export class SessionNotCheckedError extends Error {}

/**
 * On a route marked `@SessionCheckedByRead()`: refuses to answer if the route did not run its read
 * through `readWithSessionCheck`, and when the route failed before its read (a query parameter refused
 * by validation, say), checks the session the guard's way first, so a refused session hears so (401)
 * rather than the other error.
 */
@Injectable()
export class SessionCheckedInterceptor implements NestInterceptor {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request & { user?: Principal }>();
    return next.handle().pipe(
      map((body) => {
        if (req.user?.deferredSessionCheck !== 'passed') throw new SessionNotCheckedError(`${req.method} ${req.path} answered without checking the session`);
        return body;
      }),
      catchError((error: unknown) => {
        const caller = req.user;
        // Only when the route failed before its read: the read's own failure (its refusal, or PostgreSQL
        // away) is the answer already.
        if (caller?.deferredSessionCheck !== 'pending' || error instanceof SessionNotCheckedError) return throwError(() => error);
        return from(checkSessionOf(this.dataSource, caller)).pipe(mergeMap(() => throwError(() => error)));
      }),
    );
  }
}

/**
 * For hot read-only GET routes: the JWT guard verifies the token but leaves the session check to the
 * route's own statement (`withSessionState` + `readWithSessionCheck`), saving a round trip per request.
 * The session is still checked on every request, in the same statement as the data it guards, and
 * nothing is answered before it passes (`SessionCheckedInterceptor`, which also checks the session
 * the guard's way when the route fails before its read, a query parameter refused by validation, say).
 */
export const SessionCheckedByRead = () => applyDecorators(SetMetadata(SESSION_CHECKED_BY_READ, true), UseInterceptors(SessionCheckedInterceptor));
