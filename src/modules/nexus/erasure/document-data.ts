/**
 * The map of a document's data: every table column and store object that holds data taken from a
 * statement or about the client it names, and what erasure (a document's or a client's deletion) and
 * retention (`retention_days`, the original's purge) do with it. `DocumentErasure` and `RetentionPurge`
 * act on exactly these tables (`test/service/document-data-map.service-spec.ts` checks that each table
 * has its handler), and the same test fails when a migration adds a text, JSON or array column that
 * neither this map nor `NOT_DOCUMENT_DATA` names. docs/security.md, "The map of a document's data".
 */

/**
 * - `delete`: the rows go;
 * - `redact`: the row stays (a batch's count, a history), what it said about the statement goes;
 * - `clear`: the row stays, the columns named are emptied;
 * - `keep`: retention keeps it (the extraction and what is derived from it outlive the original).
 */
export type CopyAction = 'delete' | 'redact' | 'clear' | 'keep';

export interface DocumentDataCopy {
  table: string;
  /** The columns that hold the data (the table's other columns are ids, states and times). */
  columns: readonly string[];
  holds: string;
  erasure: Exclude<CopyAction, 'keep' | 'clear'>;
  retention: CopyAction;
}

export const DOCUMENT_DATA: readonly DocumentDataCopy[] = [
  {
    table: 'documents',
    columns: ['file_name', 'password_hint', 'sealed_password', 'layout_error', 'classification', 'storage_key'],
    holds: 'the upload: its file name (firms name statements after the investor), sealed password, the original and its layout (store objects under storage_key)',
    erasure: 'delete',
    retention: 'clear',
  },
  { table: 'extractions', columns: ['result'], holds: 'the extraction: investors, PANs, holdings, transactions', erasure: 'delete', retention: 'keep' },
  { table: 'pipeline_processes', columns: ['error_message'], holds: "a run's failure message", erasure: 'delete', retention: 'keep' },
  { table: 'pipeline_stages', columns: ['output'], holds: "every stage's output, the pages' text among them", erasure: 'delete', retention: 'clear' },
  { table: 'token_usage', columns: ['model', 'stage_name'], holds: 'what reading the document cost', erasure: 'delete', retention: 'keep' },
  {
    table: 'reports',
    columns: ['fields', 'params', 'storage_key', 'error_message'],
    holds: "the document's exports (store objects under storage_key); a client's reports go with the client",
    erasure: 'delete',
    retention: 'keep',
  },
  { table: 'document_investors', columns: ['pan', 'flag', 'document_type'], holds: "the statement's investors linked to the client register", erasure: 'delete', retention: 'keep' },
  {
    table: 'upload_batch_files',
    columns: ['file_name', 'error_code', 'error_message', 'client_id'],
    holds: 'the file as a batch upload named it',
    erasure: 'redact',
    retention: 'keep',
  },
  { table: 'chat_chunks', columns: ['text'], holds: "passages of the pages' text that chat quotes", erasure: 'delete', retention: 'delete' },
  { table: 'chat_documents', columns: [], holds: 'a statement uploaded into a chat session', erasure: 'delete', retention: 'keep' },
  {
    table: 'chat_messages',
    columns: ['content', 'citations', 'meta', 'guardrail'],
    holds: "answers quoting the document: all of them on erasure, those quoting the pages' text on retention",
    erasure: 'delete',
    retention: 'delete',
  },
];

/** Text, JSON and array columns that hold nothing taken from a statement, and why. `table.column`. */
export const NOT_DOCUMENT_DATA: Readonly<Record<string, string>> = Object.fromEntries(
  [
    ...cols('audit_logs', ['action', 'actor_id', 'ip', 'metadata', 'outcome', 'target_id', 'target_type', 'tenant_id'], 'ids and counts only, never names, PANs or text (nexus-deletion.e2e-spec)'),
    ...cols('chat_chunks', ['tenant_id'], 'id'),
    ...cols('chat_documents', ['tenant_id'], 'id'),
    ...cols('chat_messages', ['role'], 'who spoke'),
    ...cols('chat_sessions', ['status', 'tenant_id', 'user_id'], 'ids and state'),
    ...cols('chat_sessions', ['title'], "the user's own words (the first question), deleted with the session"),
    ...cols('clients', ['created_by', 'email', 'id', 'mobile', 'name', 'pan', 'sealed_date_of_birth', 'sealed_statement_passwords', 'source', 'tags', 'tenant_id'], 'the client register itself: deleted with the client'),
    ...cols('document_investors', ['client_id', 'tenant_id'], 'ids'),
    ...cols('documents', ['owner_id', 'status', 'tenant_id'], 'ids and state'),
    ...cols('extractions', ['tenant_id'], 'id'),
    ...cols('household_members', ['client_id', 'household_id', 'relationship', 'tenant_id'], 'the register: deleted with the client'),
    ...cols('households', ['created_by', 'id', 'name', 'tenant_id'], "the register: a household's own name, given by the firm"),
    ...cols('outbox_events', ['data', 'event_type', 'tenant_id'], 'event payloads: ids, counts and totals, never names, PANs or text'),
    ...cols('password_history', ['password_hash', 'user_id'], 'accounts'),
    ...cols('pending_file_removals', ['last_error', 'reason', 'storage_key', 'tenant_id'], 'store keys (ids) of objects already deleted'),
    ...cols('pipeline_processes', ['current_stage', 'error_code', 'error_stage', 'status', 'tenant_id'], 'ids and state'),
    ...cols('pipeline_stages', ['name', 'status'], 'state'),
    ...cols('reports', ['client_id', 'created_by', 'error_code', 'format', 'household_id', 'member_client_ids', 'report_type', 'status', 'tenant_id'], 'ids and state'),
    ...cols('sessions', ['auth_method', 'ip', 'refresh_token_hash', 'revoked_reason', 'tenant_id', 'user_agent', 'user_id'], 'sign-in sessions'),
    ...cols('sso_configurations', ['allowed_sso_hosts', 'attribute_mapping', 'client_id', 'default_role', 'idp', 'metadata_url', 'protocol', 'role_values', 'sealed_client_secret', 'tenant_id', 'updated_by'], 'sign-on settings'),
    ...cols('sso_login_codes', ['binding', 'code_challenge', 'code_hash', 'protocol', 'tenant_id', 'user_id'], 'sign-on'),
    ...cols('sso_login_requests', ['binding', 'code_challenge', 'id', 'nonce', 'protocol', 'sealed_code_verifier', 'tenant_id'], 'sign-on'),
    ...cols('tenants', ['id', 'name'], 'the firm'),
    ...cols('token_usage', ['tenant_id'], 'id'),
    ...cols('upload_batch_files', ['batch_id', 'outcome', 'tenant_id'], 'ids and state'),
    ...cols('upload_batches', ['id', 'owner_id', 'source', 'tenant_id'], 'ids'),
    ...cols('user_invitations', ['email', 'full_name', 'id', 'invited_by', 'role', 'tenant_id', 'token_hash', 'user_id'], "the firm's staff"),
    ...cols('users', ['email', 'full_name', 'id', 'password_hash', 'role', 'tenant_id'], "the firm's staff"),
    ...cols('webhook_attempts', ['error'], "a receiver's answer"),
    ...cols('webhook_deliveries', ['body', 'event_type', 'last_error', 'status', 'subscription_id', 'tenant_id'], 'the outbox events as delivered: ids, counts and totals'),
    ...cols('webhook_subscriptions', ['created_by', 'events', 'id', 'paused_reason', 'sealed_secret', 'status', 'tenant_id', 'url'], 'webhook settings'),
  ],
);

function cols(table: string, columns: string[], why: string): Array<[string, string]> {
  return columns.map((c) => [`${table}.${c}`, why]);
}

/** The tables of the map whose copies erasure removes or redacts. */
export const ERASED_TABLES: readonly string[] = DOCUMENT_DATA.map((c) => c.table);

/** The tables whose copies retention deletes or clears when the original is purged. */
export const PURGED_TABLES: readonly string[] = DOCUMENT_DATA.filter((c) => c.retention === 'delete' || c.retention === 'clear').map((c) => c.table);
