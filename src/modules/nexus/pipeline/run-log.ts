import { familyOf, type StatementClass } from '../../extraction/index.js';

/** A pipeline run that ended, as the log and the metrics see it: ids and codes only, never a name, a PAN or a file name. */
export interface RunEnd {
  tenantId: string;
  documentId: string;
  processId: string;
  /** The statement family the classifier found; `UNKNOWN` before (or without) a classification. */
  family: string;
  outcome: 'completed' | 'failed';
  /** The last stage: the one that failed, or `completion`. */
  stage: string;
  durationMs: number;
  /** The error code of a failed run (docs/errors.md); null when it completed. */
  code: string | null;
}

/** A family code the classifier knows, else `UNKNOWN`: the label set stays bounded whatever a row holds. */
export function familyLabel(code: string | null | undefined): string {
  return code && familyOf(code as StatementClass) ? code : 'UNKNOWN';
}

/** The one info line a run writes when it ends: its fields for pino, and the message. */
export function runLogLine(run: RunEnd): [Record<string, string | number | null>, string] {
  return [
    {
      tenantId: run.tenantId,
      documentId: run.documentId,
      processId: run.processId,
      family: familyLabel(run.family),
      outcome: run.outcome,
      stage: run.stage,
      durationMs: Math.max(0, Math.round(run.durationMs)),
      code: run.code,
    },
    run.outcome === 'completed' ? 'pipeline run completed' : 'pipeline run failed',
  ];
}
