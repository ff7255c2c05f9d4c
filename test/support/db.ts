import pg from 'pg';

/** One statement against the test database (DATABASE_URL) on a connection of its own; its rows. */
export async function sql<T = Record<string, any>>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Waits until another connection to the test database waits for a lock (a transaction a test holds open blocks it). */
export async function someoneWaitsForALock(timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await sql(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`);
    if (rows.length) return;
    if (Date.now() > deadline) throw new Error('no transaction waited for a lock');
    await new Promise((r) => setTimeout(r, 20));
  }
}
