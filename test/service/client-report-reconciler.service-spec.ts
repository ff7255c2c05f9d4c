import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Principal } from '../../src/common/auth/principal.js';
import { createLogger } from '../../src/common/logging/logger.js';
import { ClientsModule } from '../../src/modules/clients/clients.module.js';
import { ClientsService } from '../../src/modules/clients/clients.service.js';
import { StoredReports } from '../../src/modules/nexus/index.js';
import { ClientReportQueue } from '../../src/modules/reports/client-report.queue.js';
import { ClientReportReconciler } from '../../src/modules/reports/client-report.reconciler.js';
import { ClientReportsModule } from '../../src/modules/reports/client-reports.module.js';
import { ClientReportsService } from '../../src/modules/reports/client-reports.service.js';
import { NEXUS_GLOBALS } from '../support/service-documents.js';
import { CLIENT, serviceHarness, type ServiceHarness } from '../support/service-harness.js';

// ClientReportReconciler on the real PostgreSQL and Redis: which client reports a pass enqueues again.
// The harness runs the reports module in the API role, so no worker takes the jobs off the queue; the
// reconciler is built over the module's own StoredReports and ClientReportQueue with a logger the test
// reads, and its passes are run by hand with `tick(now)` at the moments the test picks. The request,
// its job and the worker's making of the report are in test/e2e/client-reports.e2e-spec.ts.

const LOST_AFTER_MS = 30_000;
const REQUEUED = 'reconciler re-enqueued a lost client report';

describe('ClientReportReconciler', () => {
  let h: ServiceHarness;
  let queue: ClientReportQueue;
  let stored: StoredReports;
  let reconciler: ClientReportReconciler;
  let analyst: Principal;
  let clientId: string;
  let lines: Array<Record<string, any>> = [];
  /** The reports a pass enqueued again, as its log lines name them. */
  const requeuedBy = async (pass: Promise<number>) => {
    lines = [];
    const count = await pass;
    const ids = lines.filter((l) => l.msg === REQUEUED).map((l) => l.reportId as string);
    expect(count).toBe(ids.length);
    return ids;
  };
  const request = () => h.get(ClientReportsService).request(analyst, clientId, { report_type: 'client_summary' });
  const dropJob = async (reportId: string) => {
    await (await queue.raw.getJob(reportId))!.remove();
    expect(await queue.has(reportId)).toBe(false);
  };
  /** A queued report whose job Redis lost: what a pass past its threshold does enqueue again, beside the one a test looks at. */
  const lostReport = async () => {
    const report = await request();
    await dropJob(report.report_id);
    return report.report_id;
  };

  /** A moment past the report's threshold. */
  const pastThreshold = (report: { created_at: string }) => new Date(new Date(report.created_at).getTime() + LOST_AFTER_MS + 1_000);

  beforeAll(async () => {
    h = await serviceHarness([...NEXUS_GLOBALS, ClientsModule.forRoot('api'), ClientReportsModule.forRoot('api')], { env: { QUEUE_PREFIX: `reconcile${Date.now()}` } });
    queue = h.get(ClientReportQueue);
    stored = h.get(StoredReports);
    const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
    reconciler = new ClientReportReconciler(h.config, stored, queue, logger);
    const acme = await h.tenant();
    analyst = await acme.user('analyst');
    clientId = (await h.get(ClientsService).create(analyst, { name: 'Reconciled Client', pan: 'ABCPR1234K' }, CLIENT.ip)).client_id;
  });
  afterAll(() => h.close());

  it('enqueues again a report left queued past 30 s with no job in Redis, once', async () => {
    const lost = await request();
    await dropJob(lost.report_id);

    // Younger than the threshold: the enqueue after the row may still be on its way.
    const createdAt = new Date(lost.created_at).getTime();
    expect(await requeuedBy(reconciler.tick(new Date(createdAt + LOST_AFTER_MS - 1_000)))).not.toContain(lost.report_id);
    expect(await queue.has(lost.report_id)).toBe(false);

    expect(await requeuedBy(reconciler.tick(pastThreshold(lost)))).toContain(lost.report_id);
    const job = (await queue.raw.getJob(lost.report_id))!;
    expect(job.data).toEqual({ tenantId: analyst.tenantId, reportId: lost.report_id });
    expect(await job.getState()).toBe('waiting');

    // The job it enqueued will run: the next pass leaves the report alone.
    expect(await requeuedBy(reconciler.tick(pastThreshold(lost)))).not.toContain(lost.report_id);
  });

  it('leaves a queued report whose job is still waiting in Redis', async () => {
    const lost = await lostReport();
    const waiting = await request();
    const before = (await queue.raw.getJob(waiting.report_id))!;
    const requeued = await requeuedBy(reconciler.tick(pastThreshold(waiting)));
    expect(requeued).toContain(lost);
    expect(requeued).not.toContain(waiting.report_id);
    expect((await queue.raw.getJob(waiting.report_id))!.timestamp).toBe(before.timestamp);
  });

  it('leaves a completed report, which has no job', async () => {
    const lost = await lostReport();
    const done = await request();
    await dropJob(done.report_id);
    const report = (await stored.find(analyst.tenantId, done.report_id))!;
    expect(await stored.start(analyst.tenantId, done.report_id)).toBe(true);
    expect(await stored.complete(report, Buffer.from('%PDF-1.7 reconciler test'), 0, { client_id: clientId, client_ids: [clientId], url: 'https://foliodesk.test/report' })).toBe(true);
    expect((await stored.find(analyst.tenantId, done.report_id))!.status).toBe('completed');

    const requeued = await requeuedBy(reconciler.tick(pastThreshold(done)));
    expect(requeued).toContain(lost);
    expect(requeued).not.toContain(done.report_id);
    expect(await queue.has(done.report_id)).toBe(false);
  });
});
