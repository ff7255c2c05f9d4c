import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { Principal } from '../../src/common/auth/principal.js';
import { ClientsModule } from '../../src/modules/clients/clients.module.js';
import { ClientsService } from '../../src/modules/clients/clients.service.js';
import { HouseholdsService } from '../../src/modules/clients/households.service.js';
import { StoredReports, type StoredReport } from '../../src/modules/nexus/index.js';
import { DocumentStorage, reportStorageKey } from '../../src/modules/nexus/storage/document-storage.js';
import { ClientReportsModule } from '../../src/modules/reports/client-reports.module.js';
import { ClientReportsService } from '../../src/modules/reports/client-reports.service.js';
import { someoneWaitsForALock, sql } from '../support/db.js';
import { NEXUS_GLOBALS } from '../support/service-documents.js';
import { CLIENT, failure, serviceHarness, type ServiceHarness } from '../support/service-harness.js';

// Recording a made household report (StoredReports.complete) against a member's deletion, on the real
// PostgreSQL and store: a report never keeps a deleted client's data. Completing records the members it
// prints, so a deletion afterwards deletes it; a member deleted while it was made fails it with
// CLIENT_NOT_FOUND and removes its file. The race is staged: a deletion's transaction holds the
// member's row lock and has deleted the member when the completion starts, and commits while the
// completion waits for that lock. A household deleted while its report was made leaves neither the
// report nor its file, and a client deletion meeting a household deletion takes the reports in the same
// order. The worker's making of the report is in test/e2e/household-reports.

describe('completing a household report while a member is deleted', () => {
  let h: ServiceHarness;
  let stored: StoredReports;
  let storage: DocumentStorage;
  let analyst: Principal;
  let admin: Principal;
  const PDF = Buffer.from('%PDF-1.7 household report under test');

  /** A household of two new clients and a household report of it, queued; the event's members. */
  async function householdReport(tag: string): Promise<{ report: StoredReport; members: string[] }> {
    const clients = h.get(ClientsService);
    const members: string[] = [];
    for (const [i, name] of [`${tag} Self`, `${tag} Spouse`].entries()) {
      const pan = `ABCP${tag[0]}${String(1000 + Math.floor(Math.random() * 9000))}${'KL'[i]}`;
      members.push((await clients.create(analyst, { name, pan }, CLIENT.ip)).client_id);
    }
    const household = await h.get(HouseholdsService).create(
      analyst,
      {
        name: `${tag} family`,
        members: members.map((client_id, i) => ({ client_id, relationship: i === 0 ? 'self' : 'spouse' })),
      },
      CLIENT.ip,
    );
    const requested = await h.get(ClientReportsService).requestForHousehold(analyst, household.household_id, { report_type: 'household_summary' });
    expect(await stored.start(analyst.tenantId, requested.report_id)).toBe(true);
    return { report: (await stored.find(analyst.tenantId, requested.report_id))!, members };
  }
  const event = (members: string[]) => ({ client_id: members[0], client_ids: members, url: 'http://localhost/report' });
  const fileKept = (report: StoredReport) => storage.stat(reportStorageKey(report.tenantId, report.id, 'pdf')).then((s) => s !== null);
  const generated = async (reportId: string) => (await sql(`SELECT 1 FROM outbox_events WHERE data->>'report_id' = $1`, [reportId])).length;

  beforeAll(async () => {
    h = await serviceHarness([...NEXUS_GLOBALS, ClientsModule.forRoot('api'), ClientReportsModule.forRoot('api')], { env: { QUEUE_PREFIX: `hhcomplete${Date.now()}` } });
    stored = h.get(StoredReports);
    storage = h.get<DocumentStorage>(DocumentStorage as unknown as symbol);
    const acme = await h.tenant();
    [analyst, admin] = [await acme.user('analyst'), await acme.user('admin')];
  });
  afterAll(() => h.close());

  it('records the members it prints, so deleting one of them afterwards deletes the report and its file', async () => {
    const { report, members } = await householdReport('Rao');
    expect(await stored.complete(report, PDF, 0, event(members))).toBe(true);
    const [row] = await sql(`SELECT status, member_client_ids FROM reports WHERE id = $1`, [report.id]);
    expect(row).toEqual({ status: 'completed', member_client_ids: members });
    expect(await fileKept(report)).toBe(true);
    expect(await generated(report.id)).toBe(1);

    await h.get(ClientsService).remove(admin, members[1], CLIENT.ip);
    expect(await sql(`SELECT 1 FROM reports WHERE id = $1`, [report.id])).toEqual([]);
    expect(await fileKept(report)).toBe(false);
  });

  it('a member deleted while the report was made: the completion waits for the deletion, then fails with CLIENT_NOT_FOUND and leaves no file', async () => {
    const { report, members } = await householdReport('Sen');
    // A deletion part way: the member's row locked (as ClientsRepository.lockClient does), the reports
    // about it deleted (none yet names it: the report is not recorded), the member deleted; not committed.
    const deletion = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await deletion.connect();
    try {
      await deletion.query('BEGIN');
      await deletion.query('SELECT id FROM clients WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [analyst.tenantId, members[1]]);
      await deletion.query('DELETE FROM reports WHERE tenant_id = $1 AND (client_id = $2 OR $2 = ANY(member_client_ids))', [analyst.tenantId, members[1]]);
      await deletion.query('DELETE FROM clients WHERE tenant_id = $1 AND id = $2', [analyst.tenantId, members[1]]);

      const completion = failure(stored.complete(report, PDF, 0, event(members)));
      await someoneWaitsForALock();
      await deletion.query('COMMIT');
      expect(await completion).toBe('CLIENT_NOT_FOUND');
    } finally {
      await deletion.end();
    }
    const [row] = await sql(`SELECT status FROM reports WHERE id = $1`, [report.id]);
    expect(row.status).toBe('running');
    expect(await fileKept(report)).toBe(false);
    expect(await generated(report.id)).toBe(0);
  });

  it('the household deleted while the report was made: the completion records nothing and leaves no file behind the deleted row', async () => {
    const { report, members } = await householdReport('Das');
    await h.get(HouseholdsService).remove(admin, report.householdId!, CLIENT.ip);
    expect(await sql(`SELECT 1 FROM reports WHERE id = $1`, [report.id])).toEqual([]);

    expect(await stored.complete(report, PDF, 0, event(members))).toBe(false);
    expect(await fileKept(report)).toBe(false);
    expect(await generated(report.id)).toBe(0);
  });

  it('a client deletion takes the report rows it deletes in id order, the order a household deletion takes them in: the two never hold one each and wait for the other', async () => {
    const { report: first, members } = await householdReport('Nair');
    const again = await h.get(ClientReportsService).requestForHousehold(analyst, first.householdId!, { report_type: 'household_summary' });
    expect(await stored.start(analyst.tenantId, again.report_id)).toBe(true);
    const second = (await stored.find(analyst.tenantId, again.report_id))!;
    const [lo, hi] = [first, second].sort((a, b) => (a.id < b.id ? -1 : 1));
    // Completed in the other order, so the rows lie in the table hi first (a scan's order is not the ids').
    expect(await stored.complete(hi, PDF, 0, event(members))).toBe(true);
    expect(await stored.complete(lo, PDF, 0, event(members))).toBe(true);

    // A household deletion part way: it holds the first report and is about to take the second.
    const household = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await household.connect();
    let second_: 'free' | 'held by the client deletion';
    try {
      await household.query('BEGIN');
      await household.query('SELECT id FROM reports WHERE id = $1 FOR UPDATE', [lo.id]);
      const deletion = h.get(ClientsService).remove(admin, members[1], CLIENT.ip);
      await someoneWaitsForALock();
      second_ = await household.query('SELECT id FROM reports WHERE id = $1 FOR UPDATE NOWAIT', [hi.id]).then(
        () => 'free' as const,
        () => 'held by the client deletion' as const,
      );
      await household.query('ROLLBACK');
      await deletion;
    } finally {
      await household.end();
    }
    expect(second_).toBe('free');
    expect(await sql(`SELECT 1 FROM reports WHERE id = ANY($1::uuid[])`, [[lo.id, hi.id]])).toEqual([]);
  });

  it('a report completed already keeps its file, byte for byte, when another attempt (its own PDF) finds it completed', async () => {
    const { report, members } = await householdReport('Iyer');
    expect(await stored.complete(report, PDF, 0, event(members))).toBe(true);
    const other = Buffer.from('%PDF-1.7 a second attempt, generated a moment later');
    expect(await stored.complete(report, other, 0, event(members))).toBe(false);
    expect(await fileKept(report)).toBe(true);
    expect(await storage.getBytes(reportStorageKey(report.tenantId, report.id, 'pdf'))).toEqual(PDF);
    const [row] = await sql(`SELECT size_bytes::int AS size, sha256 FROM reports WHERE id = $1`, [report.id]);
    expect(row).toEqual({ size: PDF.length, sha256: createHash('sha256').update(PDF).digest('hex') });
    expect(await generated(report.id)).toBe(1);
  });
});
