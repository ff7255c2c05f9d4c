import type { ErrorCode } from '../../../common/errors/error-codes.js';
import type { DocumentEntity } from '../entities/document.entity.js';
import type { PipelineProcessEntity } from '../entities/pipeline-process.entity.js';
import type { StageName, StageOutputs } from './stage-registry.js';

export interface StageUsage {
  model: string;
  inputTokens: number;
  outputTokens: number;
  costInr: number;
}

export interface StageResult<Out> {
  /** Stored as JSON on the stage row; later stages read it. */
  output: Out;
  usage?: StageUsage;
}

/** What a stage is given. It reads the outputs of the earlier stages it names (`Reads`), typed. */
export interface StageContext<Reads extends StageName = never> {
  process: PipelineProcessEntity;
  document: DocumentEntity;
  /** The PDF password given when the process started, if any. */
  password: string | null;
  /** The output of an earlier stage of this process. */
  output<S extends Reads>(stage: S): Promise<StageOutputs[S]>;
  /** One top-level key of an earlier stage's output (undefined when absent), read without the rest. */
  outputKey<S extends Reads, K extends keyof StageOutputs[S] & string>(stage: S, key: K): Promise<StageOutputs[S][K] | undefined>;
  /** The original file's bytes. */
  original(): Promise<Uint8Array>;
  /** Aborted when the stage's time is up: long work (reading the PDF) stops instead of running on. */
  signal: AbortSignal;
}

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
] as const satisfies readonly ErrorCode[];
export type PipelineFailureCode = (typeof PIPELINE_FAILURE_CODES)[number];

/** A failure that retrying will not fix; the process fails at once with this code. */
export class StageFailure extends Error {
  constructor(
    readonly code: PipelineFailureCode,
    message: string,
    readonly retryable = false,
  ) {
    super(message);
  }
}

/**
 * One stage's work, producing `Out`. Its `run` names the earlier stages it reads in its context's
 * type (`StageContext<'enrichment'>`); the runner gives it a context that can read any. Stages are
 * plain services listed in stage-registry.ts; the runner owns state and chaining.
 */
export abstract class PipelineStage<Out> {
  /** Type only, never set: what the stage produces (`StageOutputs` reads it). */
  declare readonly outputType: Out;
  abstract run(ctx: StageContext<StageName>): Promise<StageResult<Out>>;
}
