import { readFileSync } from 'node:fs';

/** Who calls, in the column order of the role matrix in docs/security.md. */
export const CALLERS = ['anonymous', 'viewer', 'analyst', 'admin', 'other_admin'] as const;
export type Caller = (typeof CALLERS)[number];

/** The expected answer class: allowed, or a refusal with its status and error code. */
export type Expectation = { kind: 'allowed' } | { kind: 'refused'; status: 401 | 403 | 404; code: string };

export interface MatrixRow {
  method: string;
  path: string;
  /** `openapi`: a route of openapi/openapi.json; `outside`: served but deliberately not in it. */
  table: 'openapi' | 'outside';
  expect: Record<Caller, Expectation>;
}

export const SECURITY_DOC = new URL('../../docs/security.md', import.meta.url);

const HEADER = ['method', 'route', 'anonymous', 'viewer', 'analyst', 'admin', "other tenant's admin"];
const REFUSAL = /^(401|403|404) ([A-Z_]+)$/;

function parseCell(cell: string, where: string): Expectation {
  if (cell === 'allowed') return { kind: 'allowed' };
  const m = REFUSAL.exec(cell);
  if (!m) throw new Error(`${where}: "${cell}" is neither "allowed" nor "<401|403|404> <ERROR_CODE>"`);
  return { kind: 'refused', status: Number(m[1]) as 401 | 403 | 404, code: m[2] };
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim().replace(/^`|`$/g, ''));

/** The rows of one table between `<!-- role-matrix:<name> -->` and `<!-- /role-matrix:<name> -->`. */
function parseTable(text: string, table: MatrixRow['table']): MatrixRow[] {
  const begin = `<!-- role-matrix:${table} -->`;
  const end = `<!-- /role-matrix:${table} -->`;
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/security.md: no table between ${begin} and ${end}`);
  const lines = text
    .slice(from + begin.length, to)
    .split('\n')
    .filter((l) => l.trim().startsWith('|'));
  const [header, rule, ...body] = lines;
  if (!header || JSON.stringify(cells(header)) !== JSON.stringify(HEADER)) {
    throw new Error(`docs/security.md (${table}): the header must be | ${HEADER.join(' | ')} |`);
  }
  if (!rule || !/^\|[\s|:-]+\|$/.test(rule.trim())) throw new Error(`docs/security.md (${table}): missing the |---| line`);
  return body.map((line) => {
    const [method, path, ...expected] = cells(line);
    const where = `docs/security.md (${table}) ${method} ${path}`;
    if (expected.length !== CALLERS.length) throw new Error(`${where}: ${expected.length} caller columns, expected ${CALLERS.length}`);
    if (!/^(GET|POST|PUT|PATCH|DELETE)$/.test(method) || !path.startsWith('/')) throw new Error(`${where}: not "METHOD /path"`);
    return { method, path, table, expect: Object.fromEntries(CALLERS.map((c, i) => [c, parseCell(expected[i], `${where} [${c}]`)])) as Record<Caller, Expectation> };
  });
}

/** The role matrix of docs/security.md: the one source of truth the role-matrix test walks. */
export function loadRoleMatrix(text = readFileSync(SECURITY_DOC, 'utf8')): MatrixRow[] {
  const rows = [...parseTable(text, 'openapi'), ...parseTable(text, 'outside')];
  const seen = new Set<string>();
  for (const r of rows) {
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) throw new Error(`docs/security.md: ${key} has two rows`);
    seen.add(key);
  }
  return rows;
}
