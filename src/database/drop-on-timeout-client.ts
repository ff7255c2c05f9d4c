import pg from 'pg';

/** What pg rejects a statement with once `query_timeout` (DATABASE_QUERY_TIMEOUT_MS) has passed. */
const READ_TIMEOUT = 'Query read timeout';

type Callback = (error: Error | null, result?: unknown) => void;

/**
 * pg's client, ending its connection when a statement meets `query_timeout`. pg only stops waiting
 * for that statement: it is still on the wire, and a statement queued behind it that times out too
 * (the ROLLBACK of a failed transaction) is dropped unsent, so the connection could go back to the
 * pool inside a transaction left open. Ending it (pg destroys the socket of a connection with a
 * statement in flight) makes PostgreSQL roll back whatever was open once it reads again, fails what
 * was queued with "Connection terminated", and the pool opens a fresh connection next time.
 */
export class DropOnTimeoutClient extends pg.Client {
  // pg's query() has callback, promise and submittable forms; each is passed through unchanged.
  override query(...args: unknown[]): any {
    const query = super.query as (...a: unknown[]) => unknown;
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as Callback;
      args[last] = (error: Error | null, result?: unknown) => {
        this.endIfTimedOut(error);
        callback(error, result);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result instanceof Promise) {
      return result.catch((error: unknown) => {
        this.endIfTimedOut(error);
        throw error;
      });
    }
    return result;
  }

  private endIfTimedOut(error: unknown): void {
    if (error instanceof Error && error.message === READ_TIMEOUT) void this.end().catch(() => undefined);
  }
}
