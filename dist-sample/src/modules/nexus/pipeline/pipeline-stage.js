/**
 * The codes a failed process carries (`error.code` in progress, `error_code` of `document.failed`),
 * all from the error catalogue; docs/pipeline.md says when each happens.
 */
export const PIPELINE_FAILURE_CODES = [
    'EXTRACTION_TIMEOUT',
    'STAGE_FAILED',
    'DOCUMENT_MISSING',
    'FILE_CORRUPTED',
    'NO_TEXT_LAYER',
    'PDF_PASSWORD_REQUIRED',
    'PDF_PASSWORD_INVALID',
    'PDF_UNREADABLE',
    'LLM_UNAVAILABLE',
    'LLM_REQUEST_REJECTED',
];
/** A failure that retrying will not fix; the process fails at once with this code. */
export class StageFailure extends Error {
    constructor(code, message, retryable = false) {
        super(message);
        this.code = code;
        this.retryable = retryable;
    }
}
/**
 * One stage's work, producing `Out`. Its `run` names the earlier stages it reads in its context's
 * type (`StageContext<'enrichment'>`); the runner gives it a context that can read any. Stages are
 * plain services listed in stage-registry.ts; the runner owns state and chaining.
 */
export class PipelineStage {
}
//# sourceMappingURL=pipeline-stage.js.map