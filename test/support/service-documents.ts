// Documents in the service tier: a real PDF stored through DocumentsService.upload as the upload
// route hands it over (a received file in the store's directory for incoming uploads, hashed), and a
// pipeline run on it through PipelineService with the module's real stage workers. The harness
// builds `nexusHarnessModules('all')` (or a module that imports nexus, after NEXUS_GLOBALS) for these.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import type { Principal } from '../../src/common/auth/principal.js';
import type { ProcessRole } from '../../src/config/app-config.js';
import { LlmModule } from '../../src/modules/llm/llm.module.js';
import { MetricsModule } from '../../src/modules/metrics/metrics.module.js';
import { OutboxModule } from '../../src/modules/outbox/outbox.module.js';
import { QueueModule } from '../../src/modules/queue/queue.module.js';
import { DocumentsService, NexusModule, PipelineService } from '../../src/modules/nexus/index.js';
import { incomingDir } from '../../src/modules/nexus/storage/incoming.js';
import type { ServiceHarness } from './service-harness.js';

/** The application's global modules that nexus's services use (queues, the outbox, metrics, the language model). */
export const NEXUS_GLOBALS = [QueueModule, OutboxModule, MetricsModule, LlmModule];

/** What `serviceHarness` builds to use nexus: its globals and `NexusModule` in the role (`all` runs the stage workers; `api` none). */
export const nexusHarnessModules = (role: ProcessRole) => [...NEXUS_GLOBALS, NexusModule.forRoot(role)];

export interface StoredDocument {
  job_id: string;
  doc_id: string;
  password_required: boolean;
}

/** Stores `pdf` as `user`'s upload named `fileName` (quotas, content checks and all); its upload result. */
export async function storeDocument(h: ServiceHarness, user: Principal, pdf: Buffer, fileName = 'CAS_statement.pdf'): Promise<StoredDocument> {
  const incoming = incomingDir(h.config.storage.dir);
  await mkdir(incoming, { recursive: true });
  const path = `${incoming}/${randomUUID()}.part`;
  await writeFile(path, pdf);
  const file = {
    fieldname: 'file',
    originalname: fileName,
    encoding: '7bit',
    mimetype: 'application/pdf',
    path,
    size: pdf.length,
    sha256: createHash('sha256').update(pdf).digest('hex'),
    head: pdf.subarray(0, 1024),
  } as Parameters<DocumentsService['upload']>[1];
  return h.get(DocumentsService).upload(user, file);
}

/** Starts the pipeline on a stored document (with the PDF's password, if any) and waits until the run ends; the run's final progress. */
export async function runPipeline(h: ServiceHarness, user: Principal, jobId: string, password?: string) {
  const { process_id: processId } = await h.get(PipelineService).start(user, jobId, password);
  return waitForRun(h, user, processId);
}

/** Polls the run's progress until it ends; its final progress. */
export async function waitForRun(h: ServiceHarness, user: Principal, processId: string, timeoutMs = 30_000) {
  const pipeline = h.get(PipelineService);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const progress = await pipeline.progress(user, processId);
    if (progress.status !== 'processing') return progress;
    if (Date.now() > deadline) throw new Error(`process ${processId} still processing: ${JSON.stringify(progress)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Stores `pdf` and runs the pipeline on it: the document and the run's final progress. */
export async function processDocument(h: ServiceHarness, user: Principal, pdf: Buffer, fileName?: string) {
  const doc = await storeDocument(h, user, pdf, fileName);
  return { ...doc, run: await runPipeline(h, user, doc.job_id) };
}
