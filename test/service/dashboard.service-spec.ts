import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateStatement, imageOnlyPdf } from '../fixtures/generator/index.js';
import type { Principal } from '../../src/common/auth/principal.js';
import { DashboardModule } from '../../src/modules/dashboard/dashboard.module.js';
import { DashboardService } from '../../src/modules/dashboard/dashboard.service.js';
import { sql } from '../support/db.js';
import { serviceHarness, type ServiceHarness } from '../support/service-harness.js';
import { NEXUS_GLOBALS, processDocument, storeDocument, type StoredDocument } from '../support/service-documents.js';

// The caller's overview (DashboardService): which runs, documents and token usage count, over which
// period, and the activity feed merged from nexus and chat. The figures come from real pipeline runs
// (the module's stage workers) on generated statements. The wire (the envelope, the period's
// validation, 401) is in test/e2e/dashboard.e2e-spec.ts.
describe('DashboardService: summary and activity', () => {
  let h: ServiceHarness;
  let dashboard: DashboardService;
  let analyst: Principal;
  let viewer: Principal;
  let runs: Array<StoredDocument & { process_id: string; status: string }>;
  let uploadedOnly: StoredDocument;
  beforeAll(async () => {
    h = await serviceHarness([...NEXUS_GLOBALS, DashboardModule.forRoot('all')], { env: { QUEUE_PREFIX: `dash${Date.now()}` } });
    dashboard = h.get(DashboardService);
    const acme = await h.tenant();
    [analyst, viewer] = await Promise.all([acme.user('analyst'), acme.user('viewer')]);
    const statement = await generateStatement('cams_summary', { seed: 31 });
    const processed = async (user: Principal, pdf: Buffer, name: string) => {
      const { run, ...doc } = await processDocument(h, user, pdf, name);
      return { ...doc, process_id: run.process_id, status: run.status };
    };
    runs = [
      await processed(analyst, statement.pdf, 'first.pdf'),
      await processed(analyst, statement.pdf, 'second.pdf'),
      await processed(analyst, await imageOnlyPdf(), 'scan.pdf'),
    ];
    uploadedOnly = await storeDocument(h, analyst, statement.pdf, 'waiting.pdf');
    // Someone else's work in the same tenant and in another tenant must not count.
    await processed(acme.admin, statement.pdf, 'admin.pdf');
    await processed((await h.tenant()).admin, statement.pdf, 'rival.pdf');
  });
  afterAll(() => h.close());

  it('summarises the caller’s own documents, finished runs and their token usage', async () => {
    expect(runs.map((r) => r.status)).toEqual(['completed', 'completed', 'failed']);
    const [usage] = await sql(
      `SELECT sum(input_tokens + output_tokens)::int AS tokens, sum(cost_inr)::float AS cost FROM token_usage WHERE document_id = ANY($1::uuid[])`,
      [runs.map((r) => r.doc_id)],
    );
    expect(usage.tokens).toBeGreaterThan(0);
    expect(await dashboard.summary(analyst, 'all_time')).toEqual({
      documents_processed: 3,
      extractions: 2,
      success_rate: 66.67,
      conversations: 0,
      token_usage: { total_tokens: usage.tokens, total_cost_inr: Math.round(usage.cost * 100) / 100 },
      period: 'all_time',
    });
  });

  it('counts only the runs finished and the tokens spent within the period', async () => {
    const now = new Date();
    const later = (days: number) => new Date(now.getTime() + days * 86_400_000);
    // Eight days on, the first run (and its usage) moved ten days back is outside 7d; the others are not.
    await sql(`UPDATE pipeline_processes SET finished_at = now() - interval '10 days' WHERE id = $1`, [runs[0].process_id]);
    await sql(`UPDATE token_usage SET created_at = now() - interval '10 days' WHERE process_id = $1`, [runs[0].process_id]);
    try {
      expect(await dashboard.summary(analyst, '7d', now)).toMatchObject({ documents_processed: 2, extractions: 1, success_rate: 50, period: '7d' });
      expect(await dashboard.summary(analyst, '30d', now)).toMatchObject({ documents_processed: 3, extractions: 2 });
      expect(await dashboard.summary(analyst, '90d', later(85))).toMatchObject({ documents_processed: 2, extractions: 1 });
      expect(await dashboard.summary(analyst, '7d', later(8))).toMatchObject({ documents_processed: 0, extractions: 0, success_rate: 0, token_usage: { total_tokens: 0, total_cost_inr: 0 } });
    } finally {
      await sql(`UPDATE pipeline_processes SET finished_at = now() WHERE id = $1`, [runs[0].process_id]);
      await sql(`UPDATE token_usage SET created_at = now() WHERE process_id = $1`, [runs[0].process_id]);
    }
  });

  it('answers a user without documents with zeros, never an invented rate', async () => {
    expect(await dashboard.summary(viewer, 'all_time')).toEqual({
      documents_processed: 0,
      extractions: 0,
      success_rate: 0,
      conversations: 0,
      token_usage: { total_tokens: 0, total_cost_inr: 0 },
      period: 'all_time',
    });
  });

  it('sums token usage of documents and chats past 2^31 − 1 exactly, and the cost to the paisa', async () => {
    const user = await (await h.tenant()).user('analyst');
    const { doc_id } = await storeDocument(h, user, (await generateStatement('cams_summary', { seed: 32 })).pdf, 'big.pdf');
    const B = 1_500_000_000;
    await sql(
      `INSERT INTO token_usage (tenant_id, document_id, stage_name, model, input_tokens, output_tokens, cost_inr)
       VALUES ($1, $2, 'extract', 'm', $3, 0, 1.0049), ($1, $2, 'extract', 'm', $3, $3, 1.0002)`,
      [user.tenantId, doc_id, B],
    );
    const [session] = await sql(`INSERT INTO chat_sessions (tenant_id, id, user_id, title, status) VALUES ($1, gen_random_uuid(), $2, 'big', 'open') RETURNING id`, [
      user.tenantId,
      user.userId,
    ]);
    await sql(`INSERT INTO chat_messages (id, session_id, role, content, input_tokens, output_tokens) VALUES (gen_random_uuid(), $1, 'assistant', 'x', $2, $2)`, [session.id, B]);
    const summary = await dashboard.summary(user, 'all_time');
    expect(summary.token_usage).toEqual({ total_tokens: 5 * B, total_cost_inr: 2.01 });
    expect(summary.conversations).toBe(1);
  });

  it('lists the caller’s uploads and finished runs newest first, paginated, and nobody else’s', async () => {
    const all = await dashboard.activity(analyst, { page: 1, limit: 20 });
    expect({ total: all.total, page: all.page, limit: all.limit, has_more: all.has_more }).toEqual({ total: 7, page: 1, limit: 20, has_more: false });
    const counts = all.items.reduce((m: Record<string, number>, e) => ({ ...m, [e.type]: (m[e.type] ?? 0) + 1 }), {});
    expect(counts).toEqual({ 'document.uploaded': 4, 'extraction.completed': 2, 'extraction.failed': 1 });
    for (const e of all.items) expect([...runs.map((r) => r.doc_id), uploadedOnly.doc_id]).toContain(e.resource_id);
    expect(all.items.find((e) => e.type === 'extraction.failed')?.title).toBe('scan.pdf failed: NO_TEXT_LAYER');
    const times = all.items.map((e) => Date.parse(e.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const second = await dashboard.activity(analyst, { page: 2, limit: 5 });
    expect(second).toMatchObject({ page: 2, limit: 5, total: 7, has_more: false });
    expect(second.items.map((e) => e.id)).toEqual(all.items.slice(5).map((e) => e.id));
    expect((await dashboard.activity(analyst, { page: 1, limit: 5 })).has_more).toBe(true);
  });
});
