import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Receiver } from '../receiver.js';

const STAGE_COUNT = 10;

export type Query = <T = Record<string, any>>(text: string, params?: unknown[]) => Promise<T[]>;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Documents or processes still moving: none may be left once the service has recovered. */
export async function unfinished(query: Query, tenantId: string): Promise<{ processes: number; documents: number }> {
  const [p] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM pipeline_processes WHERE tenant_id = $1 AND status = 'processing'`, [tenantId]);
  const [d] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM documents WHERE tenant_id = $1 AND status = 'processing'`, [tenantId]);
  return { processes: p.n, documents: d.n };
}

/**
 * Half-written state in PostgreSQL and the document store, read straight from both. Answers one line
 * per violation (empty = consistent):
 * - every document row has its original in STORAGE_DIR, with the recorded size and SHA-256;
 * - every stored file has its document row, and no partial upload is left in `.incoming`;
 * - every process has its ten stage rows; a completed one has ten completed stages with output, its
 *   extraction row and a completed document; a failed one an error code and one failed stage;
 * - nothing is left `processing`; a document's status is its latest process's outcome;
 * - each ended process has exactly one outbox event of its kind for its document.
 */
export async function halfWritten(query: Query, storageDir: string, tenantId: string): Promise<string[]> {
  const problems: string[] = [];
  const docs = await query<{ id: string; storage_key: string; sha256: string; size_bytes: string; status: string }>(
    `SELECT id, storage_key, sha256, size_bytes, status FROM documents WHERE tenant_id = $1`,
    [tenantId],
  );
  const keys = new Set(docs.map((d) => d.storage_key));
  for (const d of docs) {
    const data = await readFile(join(storageDir, d.storage_key)).catch(() => null);
    if (!data) problems.push(`document ${d.id}: its file ${d.storage_key} is missing`);
    else if (data.length !== Number(d.size_bytes) || createHash('sha256').update(data).digest('hex') !== d.sha256) {
      problems.push(`document ${d.id}: its file does not match the recorded size and SHA-256`);
    }
  }
  for (const file of await filesUnder(storageDir)) {
    const key = relative(storageDir, file);
    if (key.startsWith('.incoming/')) problems.push(`partial upload left behind: ${key}`);
    else if (key.startsWith(`${tenantId}/`) && !keys.has(key)) problems.push(`stored file without a document row: ${key}`);
  }

  const processes = await query<{ id: string; document_id: string; status: string; error_code: string | null; stages: number; completed: number; with_output: number; failed: number; extraction_process: string | null; doc_status: string; latest: boolean }>(
    `SELECT p.id, p.document_id, p.status, p.error_code,
            count(s.name)::int AS stages,
            count(s.name) FILTER (WHERE s.status = 'completed')::int AS completed,
            count(s.name) FILTER (WHERE s.status = 'completed' AND s.output IS NOT NULL)::int AS with_output,
            count(s.name) FILTER (WHERE s.status = 'failed')::int AS failed,
            e.process_id AS extraction_process, d.status AS doc_status,
            p.created_at = max(p.created_at) OVER (PARTITION BY p.document_id) AS latest
       FROM pipeline_processes p
       JOIN documents d ON d.id = p.document_id
       LEFT JOIN pipeline_stages s ON s.process_id = p.id
       LEFT JOIN extractions e ON e.document_id = p.document_id
      WHERE p.tenant_id = $1
      GROUP BY p.id, e.process_id, d.status`,
    [tenantId],
  );
  for (const p of processes) {
    const name = `process ${p.id} (${p.status}${p.error_code ? ` ${p.error_code}` : ''})`;
    if (p.stages !== STAGE_COUNT) problems.push(`${name}: ${p.stages} stage rows instead of ${STAGE_COUNT}`);
    if (p.status === 'processing') problems.push(`${name}: still processing`);
    if (p.status === 'completed') {
      if (p.completed !== STAGE_COUNT || p.with_output !== STAGE_COUNT) problems.push(`${name}: ${p.completed} completed stages, ${p.with_output} with output`);
      if (p.latest && p.extraction_process !== p.id) problems.push(`${name}: no extraction row of its own`);
    }
    if (p.status === 'failed' && (!p.error_code || p.failed !== 1)) problems.push(`${name}: no error code or not exactly one failed stage`);
    if (p.latest && p.status !== 'processing' && p.doc_status !== p.status) problems.push(`${name}: its document is ${p.doc_status}`);
  }
  const startedDocs = new Set(processes.map((p) => p.document_id));
  for (const d of docs) {
    if (d.status === 'processing') problems.push(`document ${d.id}: still processing`);
    if (d.status !== 'uploaded' && !startedDocs.has(d.id)) problems.push(`document ${d.id}: ${d.status} without a process`);
  }

  const events = await query<{ document_id: string; event_type: string; n: number }>(
    `SELECT data->>'document_id' AS document_id, event_type, count(*)::int AS n FROM outbox_events WHERE tenant_id = $1 GROUP BY 1, 2`,
    [tenantId],
  );
  const expected = new Map<string, number>();
  for (const p of processes) {
    if (p.status === 'processing') continue;
    const key = `${p.document_id}|document.${p.status}`;
    expected.set(key, (expected.get(key) ?? 0) + 1);
  }
  const seen = new Map(events.map((e) => [`${e.document_id}|${e.event_type}`, e.n]));
  for (const key of new Set([...expected.keys(), ...seen.keys()])) {
    if ((expected.get(key) ?? 0) !== (seen.get(key) ?? 0)) problems.push(`outbox ${key}: ${seen.get(key) ?? 0} event(s) for ${expected.get(key) ?? 0} ended process(es)`);
  }
  return problems;
}

/**
 * Events not (yet) delivered: every outbox event of the tenant must be dispatched, have a succeeded
 * delivery for the subscription, and have reached the receiver (same delivery id, same event and
 * document) at least once. Answers one line per event still missing something.
 */
export async function undelivered(query: Query, tenantId: string, subscriptionId: string, receiver: Receiver): Promise<string[]> {
  const rows = await query<{ id: string; event_type: string; document_id: string; dispatched: boolean; delivery_id: string | null; delivery_status: string | null }>(
    `SELECT o.id, o.event_type, o.data->>'document_id' AS document_id, o.dispatched_at IS NOT NULL AS dispatched,
            d.id AS delivery_id, d.status AS delivery_status
       FROM outbox_events o LEFT JOIN webhook_deliveries d ON d.outbox_event_id = o.id AND d.subscription_id = $2
      WHERE o.tenant_id = $1`,
    [tenantId, subscriptionId],
  );
  const missing: string[] = [];
  for (const r of rows) {
    const what = `event ${r.event_type} of ${r.document_id}`;
    if (!r.dispatched || !r.delivery_id) {
      missing.push(`${what}: ${r.dispatched ? 'dispatched without a delivery' : 'not dispatched'}`);
      continue;
    }
    if (r.delivery_status !== 'succeeded') missing.push(`${what}: delivery ${r.delivery_id} is ${r.delivery_status}`);
    const arrived = receiver.forDelivery(r.delivery_id).some((req) => {
      const body = JSON.parse(req.body);
      return body.event === r.event_type && body.data?.document_id === r.document_id;
    });
    if (!arrived) missing.push(`${what}: delivery ${r.delivery_id} never reached the receiver`);
  }
  return missing;
}
