/**
 * Job kinds that exist only to prove the engine's controls in tests: the child accepts them only when
 * its parent started it with --test-hooks, which the engine does only with NODE_ENV=test.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

export type TestHookJob =
  /** The child's environment. */
  | { kind: 'test:env' }
  /** The length of the bytes it was handed. */
  | { kind: 'test:size'; data: Uint8Array }
  /** Holds ever more memory, resident, until its parent stops it. */
  | { kind: 'test:grow' }
  /** Never answers, and uses no processor time. */
  | { kind: 'test:hang' }
  /** Never answers, and uses all the processor time it gets. */
  | { kind: 'test:spin' }
  /** What a reader taken over by a hostile file would try: read `paths`, write `writePath`, start a process and a thread. */
  | { kind: 'test:escape'; paths: string[]; writePath: string };

/** Whether an attempt was refused: `denied` (by the permission model), or what happened instead. */
function attempt(what: () => unknown): string {
  try {
    const outcome = what() as { error?: { code?: string } } | undefined;
    return outcome?.error ? (outcome.error.code ?? 'failed') : 'allowed';
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === 'ERR_ACCESS_DENIED' ? 'denied' : (code ?? 'failed');
  }
}

const retained: Uint8Array[] = [];

export async function runTestHook(job: TestHookJob): Promise<unknown> {
  switch (job.kind) {
    case 'test:env':
      return { ...process.env };
    case 'test:size':
      return job.data.byteLength;
    case 'test:grow':
      // Touches every page, so that the memory is resident, until the parent stops it.
      for (;;) {
        retained.push(new Uint8Array(16 * 1024 * 1024).fill(1));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    case 'test:hang':
      return new Promise(() => undefined);
    case 'test:spin':
      for (;;);
    case 'test:escape':
      return {
        read: Object.fromEntries(job.paths.map((path) => [path, attempt(() => readFileSync(path))])),
        write: attempt(() => writeFileSync(job.writePath, 'written by a PDF reader')),
        spawn: attempt(() => spawnSync('/bin/sh', ['-c', 'true'])),
        thread: attempt(() => new Worker('process.exit(0)', { eval: true })),
      };
  }
}
