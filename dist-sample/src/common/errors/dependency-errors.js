/**
 * Whether an error means PostgreSQL, Redis or the document store is not answering (down, restarting,
 * unreachable, refusing connections), rather than a fault in the request or in our code. Such errors
 * answer 503 (SERVICE_UNAVAILABLE; STORAGE_UNAVAILABLE for the store), and pipeline stages retry them
 * instead of failing the document.
 */
/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception); 57P01–57P05 (admin or crash shutdown, the
 * server starting up or shutting down, idle timeouts); 53300 (too many connections); 57014 (a
 * statement cancelled, e.g. by statement_timeout).
 */
const isUnavailableSqlState = (code) => code.startsWith('08') || /^57P0[1-5]$/.test(code) || code === '53300' || code === '57014';
/** Messages of pg ("Query read timeout": see DATABASE_QUERY_TIMEOUT_MS), pg-pool and ioredis that carry no code. */
const UNAVAILABLE_MESSAGE = /Connection terminated|is not queryable|timeout exceeded when trying to connect|Query read timeout|Connection is closed|enableOfflineQueue|Command timed out|Reached the max retries per request/;
export function isDependencyUnavailable(error) {
    // TypeORM keeps pg's error as `driverError`; undici and others as `cause`.
    let current = error;
    for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth++) {
        const e = current;
        if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || isUnavailableSqlState(e.code)))
            return true;
        if (e.name === 'MaxRetriesPerRequestError' || e.name === 'DependencyTimeout')
            return true;
        // TypeORM releases a transaction's query runner when PostgreSQL cuts its connection (a restart):
        // the transaction's next statement then fails with one of these instead of the connection's error.
        if (e.name === 'QueryRunnerAlreadyReleasedError' || e.name === 'QueryRunnerProviderAlreadyReleasedError')
            return true;
        // The PDF engine full or its reader stopped from outside (src/modules/pdf): not the document's fault either.
        if (e.name === 'PdfEngineBusy' || e.name === 'PdfEngineUnavailable')
            return true;
        // The document store not answering (DocumentStorage's drivers).
        if (e.name === 'StorageUnavailable')
            return true;
        if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message))
            return true;
        current = e.driverError ?? e.cause;
    }
    return false;
}
/** A dependency did not answer within the time a caller was willing to wait. */
export class DependencyTimeout extends Error {
    constructor() {
        super(...arguments);
        this.name = 'DependencyTimeout';
    }
}
/**
 * `work`, or a DependencyTimeout rejection after `ms`. The work is not cancelled: a Redis command
 * queued while Redis is away still runs when it comes back. For callers (HTTP requests) that must
 * not wait for a dependency longer than that, when something else recovers a late or lost command.
 */
export function withinDeadline(work, ms, what) {
    let timer;
    const deadline = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new DependencyTimeout(`${what} did not answer within ${ms} ms`)), ms);
    });
    return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
//# sourceMappingURL=dependency-errors.js.map