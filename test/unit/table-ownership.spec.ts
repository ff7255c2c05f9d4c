/**
 * Each table belongs to one module (README, "Layout"), and only that module's SQL names it. Another
 * module that needs its figures asks the owner's public service (the dashboard asks nexus for one
 * user's document figures and zen for their chat figures and adds them up). Checked over the string
 * and template literals of every source file in src/modules (SQL text, `.from('table')`) and over the
 * entity classes handed to TypeORM's repositories (a relation to another module's entity, a foreign
 * key, is fine).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';

const MODULES = resolve('src/modules');

/** Who owns which table: the module whose entities/ declares it (checked against the @Entity declarations below). */
const TABLE_OWNERS: Record<string, string> = {
  tenants: 'tenants',
  users: 'users',
  password_history: 'users',
  user_invitations: 'users',
  sessions: 'auth',
  audit_logs: 'audit',
  outbox_events: 'outbox',
  sso_configurations: 'sso',
  sso_login_requests: 'sso',
  sso_login_codes: 'sso',
  webhook_subscriptions: 'webhooks',
  webhook_deliveries: 'webhooks',
  webhook_attempts: 'webhooks',
  documents: 'nexus',
  pipeline_processes: 'nexus',
  pipeline_stages: 'nexus',
  extractions: 'nexus',
  token_usage: 'nexus',
  reports: 'nexus',
  upload_batches: 'nexus',
  upload_batch_files: 'nexus',
  pending_file_removals: 'nexus',
  chat_sessions: 'zen',
  chat_messages: 'zen',
  chat_documents: 'zen',
  chat_chunks: 'zen',
  clients: 'clients',
  households: 'clients',
  household_members: 'clients',
  document_investors: 'clients',
};

/**
 * The one statement that names another module's table on purpose: the JWT guard checks the session
 * and its user (active, same tenant, role) in one indexed query on every authenticated request.
 */
const ALLOWED: Array<{ file: string; table: string }> = [{ file: 'auth/session-check.ts', table: 'users' }];

const SQL_TABLE = /\b(?:from|join|into|update|table)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;
const QUERY_BUILDER_TABLE = new Set(['from', 'into', 'update', 'delete', 'innerJoin', 'leftJoin', 'innerJoinAndSelect', 'leftJoinAndSelect']);
const REPOSITORY_OF = new Set(['getRepository', 'InjectRepository', 'forFeature', 'find', 'findOne', 'findOneBy', 'findBy', 'findAndCount', 'count', 'countBy', 'exists', 'existsBy', 'insert', 'update', 'delete', 'save', 'upsert', 'increment', 'decrement', 'createQueryBuilder', 'from', 'into']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts)$/.test(entry.name) ? [path] : [];
  });
}

/** Entity class name → table, from every `@Entity({ name: '…' })` in src/modules, with the module that declares it. */
function entityTables(): Map<string, { table: string; module: string }> {
  const entities = new Map<string, { table: string; module: string }>();
  for (const file of sourceFiles(MODULES)) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/@Entity\(\{\s*name:\s*'([a-z_]+)'[^]*?\bexport class (\w+)/g)) {
      entities.set(m[2], { table: m[1], module: relative(MODULES, file).split(sep)[0] });
    }
  }
  return entities;
}

const ENTITIES = entityTables();

/** The tables that a module's file reaches which another module owns, as "file: table (owner)". */
export function foreignTables(file: string, source: string): string[] {
  const module = relative(MODULES, file).split(sep)[0];
  const named = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      for (const m of node.text.matchAll(SQL_TABLE)) named.add(m[1].toLowerCase());
    }
    if (ts.isCallExpression(node)) {
      const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : ts.isIdentifier(node.expression) ? node.expression.text : '';
      const [first] = node.arguments;
      if (first && QUERY_BUILDER_TABLE.has(callee) && ts.isStringLiteralLike(first)) named.add(first.text);
      if (first && REPOSITORY_OF.has(callee)) {
        const classes = ts.isArrayLiteralExpression(first) ? first.elements : [first];
        for (const c of classes) if (ts.isIdentifier(c) && ENTITIES.has(c.text)) named.add(ENTITIES.get(c.text)!.table);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
  const at = relative(MODULES, file).split(sep).join('/');
  return [...named]
    .filter((table) => table in TABLE_OWNERS && TABLE_OWNERS[table] !== module)
    .filter((table) => !ALLOWED.some((a) => a.file === at && a.table === table))
    .map((table) => `${at}: ${table} (${TABLE_OWNERS[table]})`);
}

describe('table ownership', () => {
  it('every table an entity declares has its owner here, the module that declares it', () => {
    const declared = Object.fromEntries([...ENTITIES.values()].map((e) => [e.table, e.module]));
    expect(declared).toEqual(TABLE_OWNERS);
  });

  it('no module’s SQL or repository reaches a table another module owns', () => {
    const violations = sourceFiles(MODULES).flatMap((file) => foreignTables(file, readFileSync(file, 'utf8')));
    expect(violations).toEqual([]);
  });

  const DASHBOARD = join(MODULES, 'dashboard', 'dashboard.repository.ts');
  const CHAT = join(MODULES, 'zen', 'chat', 'example.ts');
  it.each([
    {
      name: 'the dashboard joining nexus runs and zen chats',
      file: DASHBOARD,
      source: 'const q = `SELECT count(*) FROM documents d JOIN pipeline_processes p ON p.document_id = d.id`; const c = `SELECT 1 FROM chat_sessions c WHERE c.user_id = $2`;',
      found: ['dashboard/dashboard.repository.ts: documents (nexus)', 'dashboard/dashboard.repository.ts: pipeline_processes (nexus)', 'dashboard/dashboard.repository.ts: chat_sessions (zen)'],
    },
    { name: 'a lower-case, quoted table in a template with parameters', file: CHAT, source: 'q(`select * from "documents" where tenant_id = ${t}`)', found: ['zen/chat/example.ts: documents (nexus)'] },
    { name: 'an update of another module’s table', file: CHAT, source: "q('UPDATE outbox_events SET dispatched_at = now()')", found: ['zen/chat/example.ts: outbox_events (outbox)'] },
    { name: 'a query builder naming the table', file: CHAT, source: "manager.createQueryBuilder().select('x').from('token_usage', 't')", found: ['zen/chat/example.ts: token_usage (nexus)'] },
    { name: 'a repository of another module’s entity', file: CHAT, source: 'manager.getRepository(DocumentEntity).findOneBy({ id })', found: ['zen/chat/example.ts: documents (nexus)'] },
    { name: 'its own tables', file: CHAT, source: 'q(`SELECT * FROM chat_messages m JOIN chat_sessions c ON c.id = m.session_id`); getRepository(ChatSessionEntity)', found: [] },
    { name: 'a relation to another module’s entity (a foreign key)', file: CHAT, source: '@ManyToOne(() => DocumentEntity) document: DocumentEntity;', found: [] },
    { name: 'prose in a comment', file: CHAT, source: '// read from documents through nexus\nconst x = 1;', found: [] },
    { name: 'the session check reading users (the one allowed)', file: join(MODULES, 'auth', 'session-check.ts'), source: 'q(`SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id`)', found: [] },
    { name: 'auth reading users anywhere else', file: join(MODULES, 'auth', 'other.ts'), source: 'q(`SELECT 1 FROM users`)', found: ['auth/other.ts: users (users)'] },
  ])('$name', ({ file, source, found }) => {
    expect(foreignTables(file, source).sort()).toEqual(found.sort());
  });
});
