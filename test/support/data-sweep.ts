// Searches every text, JSON and array column of the database for words (a name, a PAN, a phrase of a
// statement) within one tenant: what erasure and retention must leave nowhere.
import { sql } from './db.js';

const TEXT_TYPES = ['text', 'character varying', 'jsonb', 'json', 'ARRAY'];

/** The text-like columns of every table, by table. */
export async function textColumns(): Promise<Map<string, string[]>> {
  const rows = await sql<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type = ANY($1::text[]) AND table_name NOT IN ('migrations', 'typeorm_metadata')
      ORDER BY table_name, column_name`,
    [TEXT_TYPES],
  );
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.table_name, [...(out.get(r.table_name) ?? []), r.column_name]);
  return out;
}

/**
 * `table.column` → rows of the tenant whose column contains one of `words` (case-insensitive). A table
 * without a tenant_id is searched through its parent (stage rows through their run); the few others
 * (account history, delivery attempts) are the tenant's users' and receivers' and are searched whole.
 */
export async function rowsMentioning(tenantId: string, words: string[]): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const [table, columns] of await textColumns()) {
    const [{ scoped }] = await sql<{ scoped: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND column_name = 'tenant_id') AS scoped`,
      [table],
    );
    const scope = scoped
      ? `tenant_id = $1`
      : table === 'pipeline_stages'
        ? `process_id IN (SELECT id FROM pipeline_processes WHERE tenant_id = $1)`
        : `$1::text IS NOT NULL`;
    for (const column of columns) {
      const [{ n }] = await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${table}" WHERE ${scope} AND "${column}"::text ILIKE ANY($2::text[])`,
        [tenantId, words.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)],
      );
      if (n) found[`${table}.${column}`] = n;
    }
  }
  return found;
}
