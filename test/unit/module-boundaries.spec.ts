/**
 * The module boundaries (README, "Layout"): a module uses another only through its public entry —
 * the `*.module.ts` files at its root, its `index.ts`, and the few files it names as public below.
 * Everything else in a module is internal to it. Shared code outside src/modules (common/, config/,
 * database/) may be imported by any module.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from '@jest/globals';

const MODULES = resolve('src/modules');

/**
 * Files a module offers besides its root `*.module.ts` and `index.ts`. nexus, zen and pdf offer
 * only their index.ts; a module not listed offers only its module and index files.
 */
const PUBLIC_FILES: Record<string, string[]> = {
  audit: ['audit.service.ts'],
  clients: ['entities/client.entity.ts', 'entities/household.entity.ts'],
  gains: ['gains.service.ts'],
  auth: ['auth.service.ts', 'password.service.ts', 'token.service.ts', 'login-rate-limiter.ts', 'sessions.repository.ts', 'jwt-auth.guard.ts', 'dto/token-pair.dto.ts'],
  llm: ['llm-provider.ts', 'pii-masker.ts', 'price-table.ts'],
  mail: ['mailer.ts'],
  metrics: ['metrics.service.ts', 'operations-metrics.ts'],
  outbox: ['outbox.service.ts', 'entities/outbox-event.entity.ts'],
  queue: ['runnable-job.ts'],
  quotas: ['quotas.service.ts', 'api-quota-refusal.decorator.ts'],
  redis: ['window-counters.ts'],
  sso: ['sso-config.service.ts'],
  tenants: ['tenants.service.ts', 'entities/tenant.entity.ts'],
  users: ['users.repository.ts', 'entities/user.entity.ts', 'dto/user.dto.ts', 'dto/user-requests.dto.ts'],
  webhooks: ['delivery/target-guard.ts'],
};

/** Whether `file` (relative to its module's directory, as a .ts path) is part of the module's public entry. */
export function isPublicEntry(module: string, file: string): boolean {
  if (!file.includes('/') && (file === 'index.ts' || file.endsWith('.module.ts'))) return true;
  return (PUBLIC_FILES[module] ?? []).includes(file);
}

/** Relative import specifiers of a source file: `from '…'`, `import '…'` and `import('…')`. */
function relativeImports(source: string): string[] {
  return [...source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.[^'"]+)['"]/g)].map((m) => m[1]);
}

/** The imports of `file` (absolute) that reach into another module's internals, as "file -> target". */
export function boundaryViolations(file: string, source: string): string[] {
  const own = relative(MODULES, file).split(sep)[0];
  return relativeImports(source).flatMap((specifier) => {
    const target = relative(MODULES, resolve(dirname(file), specifier)).split(sep);
    if (target[0] === '..' || target.length < 2 || target[0] === own) return [];
    const [module, ...rest] = target;
    const path = rest.join('/').replace(/\.js$/, '.ts');
    return isPublicEntry(module, path) ? [] : [`${relative(process.cwd(), file)} -> ${module}/${path}`];
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

describe('module boundaries', () => {
  it('no module imports another module’s internals', () => {
    const violations = sourceFiles(MODULES).flatMap((file) => boundaryViolations(file, readFileSync(file, 'utf8')));
    expect(violations).toEqual([]);
  });

  it.each([
    { name: 'chat reaching into the extraction calculator', specifier: '../../extraction/calculator.js', refused: true },
    { name: 'chat reaching into nexus storage, type only', specifier: '../../nexus/storage/hashing-disk.engine.js', refused: true, typeOnly: true },
    { name: 'chat reaching into the PDF reader', specifier: '../../pdf/reader/pdfium.js', refused: true },
    { name: 'chat through the nexus index', specifier: '../../nexus/index.js', refused: false },
    { name: 'chat through the pdf index', specifier: '../../pdf/index.js', refused: false },
    { name: 'chat importing the quotas module file', specifier: '../../quotas/quotas.module.js', refused: false },
    { name: 'chat through a file quotas names as public', specifier: '../../quotas/quotas.service.js', refused: false },
    { name: 'chat using shared code outside the modules', specifier: '../../../common/errors/app.exception.js', refused: false },
    { name: 'chat importing its own files', specifier: '../chat/chat.repository.js', refused: false },
  ])('$name: refused = $refused', ({ specifier, refused, typeOnly }) => {
    const file = join(MODULES, 'zen', 'documents', 'example.ts');
    const source = `import ${typeOnly ? 'type ' : ''}{ X } from '${specifier}';\n`;
    expect(boundaryViolations(file, source).length > 0).toBe(refused);
  });

  it('sees dynamic imports and re-exports too', () => {
    const file = join(MODULES, 'dashboard', 'example.ts');
    expect(boundaryViolations(file, `const m = await import('../nexus/results.service.js');`)).toHaveLength(1);
    expect(boundaryViolations(file, `export { ResultsService } from '../nexus/results.service.js';`)).toHaveLength(1);
  });
});
