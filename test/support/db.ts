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
