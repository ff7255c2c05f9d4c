/**
 * pdfjs reads a PDF in two halves: the API in the caller's thread and the parser (xref, filters,
 * fonts, content streams) in its "worker". In Node it would run that worker in the main thread, where
 * a hostile file (a decompression bomb, possibly behind encryption, or millions of text runs) can
 * allocate gigabytes in one synchronous call and cannot be stopped. Here the parser runs in a worker
 * thread of its own, one PDF at a time, so it can be stopped at any instant when a read outgrows its
 * memory or time budget; the thread is then replaced for the next read.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { PDFWorker } from './pdfjs.js';

/** Statements of 200 pages, encrypted or not, grow the process by under 40 MB and read in seconds. */
export const PDF_READ_LIMITS = {
  /** Growth of the process's resident memory while one PDF is read. */
  maxMemoryBytes: 96 * 1024 * 1024,
  /** The parser thread's JavaScript heap. */
  maxHeapMb: 512,
  /** Wall-clock time of one read; the pipeline also stops a read when its stage's time is up. */
  timeoutMs: 60_000,
};

const WATCH_INTERVAL_MS = 20;

/** A PDF that needs more memory or time to read than a statement ever does. */
export class PdfLimitExceeded extends Error {
  override readonly name = 'PdfLimitExceeded';
}

// Plain JavaScript evaluated in the thread: it hosts pdfjs' own worker half on the port it is given.
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
import(workerData.workerUrl).then(({ WorkerMessageHandler }) => WorkerMessageHandler.initializeFromPort(workerData.port));
`;

let workerUrl: string | undefined;
const pdfjsWorkerUrl = () => (workerUrl ??= pathToFileURL(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.worker.mjs')).href);

class ParserThread {
  readonly pdfWorker: PDFWorker;
  /** Rejects when the thread dies (out of heap, or stopped). */
  readonly died: Promise<never>;
  private readonly thread: Worker;
  private readonly port: MessagePort;

  constructor() {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.thread = new Worker(BOOTSTRAP, {
      eval: true,
      workerData: { workerUrl: pdfjsWorkerUrl(), port: port2 },
      transferList: [port2],
      resourceLimits: { maxOldGenerationSizeMb: PDF_READ_LIMITS.maxHeapMb },
    });
    this.thread.unref();
    this.died = new Promise<never>((_, reject) => {
      this.thread.once('error', (error) => reject(new PdfLimitExceeded(`The PDF parser stopped: ${error.message}`)));
      this.thread.once('exit', (code) => reject(new PdfLimitExceeded(`The PDF parser stopped (exit code ${code})`)));
    });
    this.died.catch(() => {
      if (current === this) current = null;
    });
    // Node's MessagePort is an EventTarget with postMessage, which is all pdfjs asks of a port.
    this.pdfWorker = new PDFWorker({ port: port1 as never, verbosity: 0 });
  }

  async stop(): Promise<void> {
    this.pdfWorker.destroy();
    this.port.close();
    await this.thread.terminate();
  }
}

let current: ParserThread | null = null;
let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `read` with a pdfjs worker whose parser lives in the sandbox thread (pass it to
 * `getDocument({worker})`). Reads run one at a time, so a budget overrun is the current PDF's; it
 * rejects with `PdfLimitExceeded` (and the thread is replaced), or when `signal` aborts.
 */
export function readInPdfSandbox<T>(read: (worker: PDFWorker) => Promise<T>, options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<T> {
  const run = queue.then(() => runGuarded(read, options));
  queue = run.catch(() => undefined);
  return run;
}

async function runGuarded<T>(read: (worker: PDFWorker) => Promise<T>, options: { signal?: AbortSignal; timeoutMs?: number }): Promise<T> {
  options.signal?.throwIfAborted();
  const thread = (current ??= new ParserThread());
  const baseline = process.memoryUsage.rss();
  let tripped = false;
  let watch: NodeJS.Timeout | undefined;
  let deadline: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const guard = new Promise<never>((_, reject) => {
    const trip = (error: unknown) => {
      tripped = true;
      reject(error);
    };
    watch = setInterval(() => {
      if (process.memoryUsage.rss() - baseline > PDF_READ_LIMITS.maxMemoryBytes) {
        trip(new PdfLimitExceeded(`Reading the PDF needed more than ${PDF_READ_LIMITS.maxMemoryBytes / 1048576} MB`));
      }
    }, WATCH_INTERVAL_MS);
    deadline = setTimeout(() => trip(new PdfLimitExceeded('Reading the PDF took too long')), options.timeoutMs ?? PDF_READ_LIMITS.timeoutMs);
    onAbort = () => trip(options.signal?.reason ?? new Error('The PDF read was aborted'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    thread.died.catch(trip);
  });
  try {
    return await Promise.race([read(thread.pdfWorker), guard]);
  } finally {
    clearInterval(watch);
    clearTimeout(deadline);
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
    // The work the thread was doing is abandoned with it; the next read gets a new thread. (A read
    // that failed on its own, e.g. a damaged file or a wrong password, leaves the thread usable.)
    if (tripped) {
      if (current === thread) current = null;
      // Waited for, so that the next thread starts after this one's memory is released (and can reuse it).
      await thread.stop();
    }
  }
}
