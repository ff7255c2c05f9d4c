import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { generateStatement, type GeneratedStatement } from '../fixtures/generator/index.js';
import { DocumentErasure, PipelineService } from '../../src/modules/nexus/index.js';
import { PipelineRepository } from '../../src/modules/nexus/pipeline/pipeline.repository.js';
import { someoneWaitsForALock, sql } from '../support/db.js';
import { serviceHarness, type ServiceHarness } from '../support/service-harness.js';
import { nexusHarnessModules, storeDocument } from '../support/service-documents.js';

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Every row that names the document, in every table that has a `document_id` (nexus's, the register's, chat's), and its stage rows. */
async function rowsLeft(documentId: string, processIds: string[]): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'document_id' ORDER BY table_name`,
  );
  expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(['extractions', 'pipeline_processes', 'token_usage', 'reports', 'document_investors']));
  const left: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM "${table_name}" WHERE document_id = $1`, [documentId]);
    if (n) left[table_name] = n;
  }
  const [{ n: documents }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM documents WHERE id = $1`, [documentId]);
  const [{ n: stages }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM pipeline_stages WHERE process_id = ANY($1::uuid[])`, [processIds]);
  if (documents) left.documents = documents;
  if (stages) left.pipeline_stages = stages;
  return left;
}

// Deleting a document while its pipeline runs (issue: "a delete that races a running pipeline ends with
// nothing left behind"). The race is staged, not hoped for: the last stage's writing transaction is held
// open right after it wrote its stage row, the delete starts and is seen waiting, then the stage goes on.
// The document's row lock, which every writing stage transaction takes before it writes
// (PipelineRepository.lockDocument) and the delete takes first (ErasureRepository.lockDocument), orders
// the two: the stage commits, then the delete removes all it wrote.
describe('DocumentErasure racing a running pipeline', () => {
  let h: ServiceHarness;
  let statement: GeneratedStatement;
  beforeAll(async () => {
    h = await serviceHarness(nexusHarnessModules('all'), { env: { QUEUE_PREFIX: `erase${Date.now()}` } });
    statement = await generateStatement('cams_detailed', { seed: 57 });
  });
  afterAll(() => h.close());
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('a delete that starts while the last stage writes its output waits for it, then leaves no row and no file of the document', async () => {
    const tenant = await h.tenant();
    const analyst = await tenant.user('analyst');
    const doc = await storeDocument(h, analyst, statement.pdf);

    // The completion stage's transaction, held open after it wrote its stage row and before the extraction.
    const repo = h.get(PipelineRepository);
    const completeStage = repo.completeStage.bind(repo);
    const written = gate();
    const goOn = gate();
    jest.spyOn(repo, 'completeStage').mockImplementation(async (...args) => {
      const done = await completeStage(...args);
      if (args[2] === 'completion') {
        written.open();
        await goOn.opened;
      }
      return done;
    });

    const { process_id: processId } = await h.get(PipelineService).start(analyst, doc.job_id);
    await written.opened;
    const erased = h.get(DocumentErasure).erase(analyst, doc.doc_id);
    await someoneWaitsForALock();
    goOn.open();
    await erased;

    expect(await rowsLeft(doc.doc_id, [processId])).toEqual({});
    expect(await readdir(join(h.config.storage.dir, tenant.id))).toEqual([]);
  });
});
