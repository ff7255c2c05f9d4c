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
  // pg's query() takes a callback (last argument or `config.callback`), answers a promise, or runs a
  // submittable (pg-cursor, pg-query-stream); each form is passed through with its error path watched.
  override query(...args: unknown[]): any {
    const query = super.query as (...a: unknown[]) => unknown;
    const last = args.length - 1;
    const first = args[0] as { callback?: unknown; submit?: unknown; handleError?: (error: Error, connection: unknown) => unknown } | null;
    if (typeof args[last] === 'function') {
      args[last] = this.watched(args[last] as Callback);
    } else if (first && typeof first === 'object' && typeof first.submit === 'function' && typeof first.handleError === 'function') {
      const handleError = first.handleError;
      first.handleError = (error: Error, connection: unknown) => {
        this.endIfTimedOut(error);
        return handleError.call(first, error, connection);
      };
    } else if (first && typeof first === 'object' && typeof first.callback === 'function') {
      args[0] = { ...first, callback: this.watched(first.callback as Callback) };
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

  private watched(callback: Callback): Callback {
    return (error, result) => {
      this.endIfTimedOut(error);
      callback(error, result);
    };
  }

  private endIfTimedOut(error: unknown): void {
    if (error instanceof Error && error.message === READ_TIMEOUT && !this.droppedForTimeout) {
      this.droppedForTimeout = true;
      void this.end().catch(() => undefined);
    }
  }

  private droppedForTimeout = false;
}
