/**
 * Job kinds that exist only to prove the engine's controls in tests: the child accepts them only when
 * its parent started it with --test-hooks, which the engine does only with NODE_ENV=test.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
/** Whether an attempt was refused: `denied` (by the permission model), or what happened instead. */
function attempt(what) {
    try {
        const outcome = what();
        return outcome?.error ? (outcome.error.code ?? 'failed') : 'allowed';
    }
    catch (error) {
        const code = error.code;
        return code === 'ERR_ACCESS_DENIED' ? 'denied' : (code ?? 'failed');
    }
}
const retained = [];
export async function runTestHook(job) {
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
            for (;;)
                ;
        case 'test:escape':
            return {
                read: Object.fromEntries(job.paths.map((path) => [path, attempt(() => readFileSync(path))])),
                write: attempt(() => writeFileSync(job.writePath, 'written by a PDF reader')),
                spawn: attempt(() => spawnSync('/bin/sh', ['-c', 'true'])),
                thread: attempt(() => new Worker('process.exit(0)', { eval: true })),
            };
    }
}
//# sourceMappingURL=test-hooks.js.map