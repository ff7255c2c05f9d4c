/** DATABASE_URL as it may be printed: the password replaced by `***`. */
export function redactedDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(an unreadable URL)';
  }
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
const WHERE = 'in the environment or in .env';

/**
 * The one line a start that cannot reach or enter PostgreSQL ends with: what went wrong, the variable
 * (DATABASE_URL), the address tried (never the password) and what to do. Null for any other error,
 * which is reported as it is.
 */
export function describeDatabaseFailure(error: unknown, url: string): string | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  const shown = redactedDatabaseUrl(url);
  let address = shown;
  try {
    const parsed = new URL(url);
    address = `${parsed.hostname}:${parsed.port || '5432'}`;
  } catch {
    // the redacted form says it is unreadable
  }
  const tried = `(DATABASE_URL=${shown})`;
  if ((typeof code === 'string' && UNREACHABLE.has(code)) || /timeout|terminated unexpectedly/i.test(error.message)) {
    return `PostgreSQL is not answering at ${address} ${tried}: ${error.message}. Start PostgreSQL (README, "A fresh machine": one command for Debian/Ubuntu, macOS or Docker) or set DATABASE_URL, ${WHERE}, to a server that runs.`;
  }
  if (code === '28P01' || /password must be a string|password authentication failed|SASL/i.test(error.message)) {
    return `PostgreSQL refused the password at ${address} ${tried}: ${error.message}. Put the role's password in DATABASE_URL (${WHERE}), or let the server trust local connections (README, "A fresh machine").`;
  }
  if (code === '28000') {
    return `PostgreSQL refused the connection at ${address} ${tried}: ${error.message}. Use a role that exists and may connect from this address (pg_hba.conf), set in DATABASE_URL ${WHERE} (README, "A fresh machine").`;
  }
  if (code === '42501') {
    return `PostgreSQL refused an operation the start needs at ${address} ${tried}: ${error.message}. Create the database and migrate as a role with those rights (npm run migrate), or set DATABASE_URL ${WHERE} to such a role.`;
  }
  return null;
}
