// Jest runs in native ESM mode (node --experimental-vm-modules, see package.json) because
// NestJS 12 ships ESM only; @swc/jest compiles TypeScript with decorator metadata.
import { readFileSync } from 'node:fs';

const swc = JSON.parse(readFileSync(new URL('./.swcrc', import.meta.url), 'utf8'));
const common = {
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swc, swcrc: false }] },
  testEnvironment: 'node',
};

export default {
  testTimeout: 60000,
  // Node's vm keeps every ESM test file's module graph alive after the file has run (each file loads
  // the application's modules afresh), so one process's heap grows with every suite. `npm test` runs
  // the suites one at a time in a worker process (--maxWorkers=1) that is replaced once its heap passes
  // this size after a file; docs/testing.md, "Memory".
  workerIdleMemoryLimit: '1GB',
  // Connection pools of the apps the e2e suites start keep idle timers for a few seconds after close.
  forceExit: true,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.spec.ts'] },
    {
      // A module's services against the real PostgreSQL and Redis, without HTTP (test/support/service-harness.ts).
      ...common,
      displayName: 'service',
      testMatch: ['<rootDir>/test/service/**/*.service-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.mjs',
      setupFiles: ['<rootDir>/test/support/test-env.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.mjs',
      setupFiles: ['<rootDir>/test/support/test-env.ts'],
    },
  ],
};
