/**
 * Re-seals every sealed secret (each column in SEALED_COLUMNS) under APP_ENCRYPTION_KEY:
 * `npm run keys:rotate [-- --batch-size=500]`, with the service's environment (DATABASE_URL,
 * APP_ENCRYPTION_KEY, APP_ENCRYPTION_KEYS_PREVIOUS). See docs/security.md, "Secrets at rest".
 *
 * Values sealed under a previous key, or in the first format, are opened (bound to their row) and
 * sealed again, a batch of rows per transaction, each row locked while it is re-sealed and written
 * only if it still holds what was read. Values already under the current key are left alone, so the
 * command can be stopped and run again at any time, also while the service runs.
 *
 * It also counts, per column and in all, the values still in the first format (`v1.`, not bound to
 * their row) once it is done: SECRETS_ACCEPT_LEGACY may be set to false when none is left.
 *
 * Exit code 0: every sealed value is under the current key (the previous keys can be removed) and
 * none is in the first format. 1: some values do not open (listed by table, row and tenant; never a
 * secret), among them any first-format value left: an admin must set them again. 2: the
 * configuration or the database refused.
 */
import pg from 'pg';
import { SEALED_COLUMNS, type SealPurpose } from '../src/common/crypto/sealed-columns.js';
import { LEGACY_PREFIX, SecretBox, SecretUnreadable } from '../src/common/crypto/secret-box.js';
import { loadConfig } from '../src/config/app-config.js';

const DEFAULT_BATCH_SIZE = 500;

interface SealedValue {
  id: string;
  tenant_id: string;
  sealed: string;
}

interface ColumnOutcome {
  resealed: number;
  unreadable: Array<{ id: string; tenantId: string; reason: string }>;
}

async function main(): Promise<number> {
  const batchSize = batchSizeOf(process.argv.slice(2));
  const config = loadConfig();
  const box = new SecretBox(config.crypto);
  const client = new pg.Client({ connectionString: config.db.url });
  await client.connect();
  try {
    console.log(`Re-sealing secrets under key ${box.currentKeyId} (APP_ENCRYPTION_KEY), ${batchSize} rows per transaction`);
    let unreadable = 0;
    let legacyLeft = 0;
    for (const purpose of Object.keys(SEALED_COLUMNS) as SealPurpose[]) {
      const { table, column } = SEALED_COLUMNS[purpose];
      const outcome = await resealColumn(client, box, purpose, batchSize);
      const legacy = await countLegacy(client, purpose);
      console.log(`${table}.${column}: ${outcome.resealed} re-sealed, ${outcome.unreadable.length} unreadable, ${legacy} in the first format left`);
      for (const row of outcome.unreadable) console.log(`  unreadable: ${table} ${row.id} (tenant ${row.tenantId}): ${row.reason}`);
      unreadable += outcome.unreadable.length;
      legacyLeft += legacy;
    }
    console.log(
      legacyLeft === 0
        ? 'First-format values left: 0. SECRETS_ACCEPT_LEGACY=false may be set.'
        : `First-format values left: ${legacyLeft}. Keep SECRETS_ACCEPT_LEGACY=true until none is left.`,
    );
    if (unreadable > 0 || legacyLeft > 0) {
      console.log(`${Math.max(unreadable, legacyLeft)} value(s) do not open with the configured keys: set them again (see docs/security.md), then run this again.`);
      return 1;
    }
    console.log(`Every sealed value is under key ${box.currentKeyId}: APP_ENCRYPTION_KEYS_PREVIOUS is no longer needed.`);
    return 0;
  } finally {
    await client.end();
  }
}

/** Walks one column in id order, a batch per transaction, re-sealing each value not yet under the current key. */
async function resealColumn(client: pg.Client, box: SecretBox, purpose: SealPurpose, batchSize: number): Promise<ColumnOutcome> {
  const { table: t, column: c, idColumn: i } = SEALED_COLUMNS[purpose];
  const [table, column, idColumn] = [t, c, i].map((name) => pg.escapeIdentifier(name));
  const current = `v2:${box.currentKeyId}:`;
  const outcome: ColumnOutcome = { resealed: 0, unreadable: [] };
  let after: string | null = null;
  for (;;) {
    await client.query('BEGIN');
    try {
      const { rows }: { rows: SealedValue[] } = await client.query<SealedValue>(
        `SELECT ${idColumn}::text AS id, tenant_id, ${column} AS sealed FROM ${table}
          WHERE ${column} IS NOT NULL AND left(${column}, $1) <> $2 ${after === null ? '' : `AND ${idColumn} > $4`}
          ORDER BY ${idColumn} LIMIT $3 FOR UPDATE`,
        after === null ? [current.length, current, batchSize] : [current.length, current, batchSize, after],
      );
      for (const row of rows) {
        const binding = { id: row.id, tenantId: row.tenant_id };
        let plain: string;
        try {
          plain = box.open(purpose, binding, row.sealed);
        } catch (error) {
          if (!(error instanceof SecretUnreadable)) throw error;
          outcome.unreadable.push({ ...binding, reason: error.message });
          continue;
        }
        const updated = await client.query(`UPDATE ${table} SET ${column} = $1 WHERE ${idColumn} = $2 AND ${column} = $3`, [box.seal(purpose, binding, plain), row.id, row.sealed]);
        outcome.resealed += updated.rowCount ?? 0;
      }
      await client.query('COMMIT');
      if (rows.length < batchSize) return outcome;
      after = rows[rows.length - 1].id;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }
}

/** How many values of the column are still in the first format. */
async function countLegacy(client: pg.Client, purpose: SealPurpose): Promise<number> {
  const { table, column } = SEALED_COLUMNS[purpose];
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${pg.escapeIdentifier(table)} WHERE left(${pg.escapeIdentifier(column)}, $1) = $2`,
    [LEGACY_PREFIX.length, LEGACY_PREFIX],
  );
  return rows[0].n;
}

function batchSizeOf(args: string[]): number {
  for (const arg of args) {
    const match = /^--batch-size=(\d+)$/.exec(arg);
    if (match && Number(match[1]) >= 1) return Number(match[1]);
    throw new Error(`unknown argument ${arg} (usage: npm run keys:rotate -- [--batch-size=N])`);
  }
  return DEFAULT_BATCH_SIZE;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`keys:rotate failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
