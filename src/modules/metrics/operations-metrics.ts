import { Injectable } from '@nestjs/common';
import { Counter, Histogram, type Registry } from 'prom-client';
import { MetricsService } from './metrics.service.js';

/** Distinct values a free-form label (a model name, an event type) may take before the rest count as `other`. */
export const MAX_LABEL_VALUES = 20;

/**
 * Keeps a label's set of values bounded: the first `max` distinct values are kept as they are, any
 * later one becomes `other`, so a misbehaving caller can never grow the series without limit.
 */
export class BoundedLabel {
  private readonly seen = new Set<string>();

  constructor(private readonly max = MAX_LABEL_VALUES) {}

  of(value: string | null | undefined): string {
    const v = value && /^[\w.:-]{1,64}$/.test(value) ? value : 'other';
    if (this.seen.has(v)) return v;
    if (this.seen.size >= this.max) return 'other';
    this.seen.add(v);
    return v;
  }
}

export type RunOutcome = 'completed' | 'failed';
export type ReportOutcome = 'completed' | 'failed';
export type BatchFileOutcome = 'waiting' | 'refused' | 'admitted' | 'password_required';
export type PauseReason = 'gone' | 'failing' | 'secret_unreadable';

const seconds = (ms: number) => Math.max(0, ms) / 1000;

/** HTTP status of a failed delivery as a bounded class: `4xx`, `5xx`, other codes by class, or `network` without an answer. */
export function statusClass(statusCode: number | null): string {
  return statusCode === null ? 'network' : `${Math.floor(statusCode / 100)}xx`;
}

/**
 * What an operator watches beyond HTTP and the process: pipeline runs and stages, batches, client
 * reports, webhook deliveries and language-model usage. Every label is tenant-free and bounded
 * (docs/operations.md lists them): statement families, stage names, catalogue codes and outcomes,
 * never an id, a name or a file name.
 */
@Injectable()
export class OperationsMetrics {
  private readonly families = new BoundedLabel();
  private readonly codes = new BoundedLabel(100);
  private readonly events = new BoundedLabel();
  private readonly models = new BoundedLabel();

  private readonly runs: Counter<'family' | 'outcome'>;
  private readonly runDuration: Histogram<'family' | 'outcome'>;
  private readonly stageDuration: Histogram<'stage' | 'outcome'>;
  private readonly failures: Counter<'stage' | 'code'>;
  private readonly batches: Counter<'source'>;
  private readonly batchFileCounter: Counter<'outcome'>;
  private readonly reports: Counter<'outcome' | 'code'>;
  private readonly reportDuration: Histogram<'outcome'>;
  private readonly deliveries: Counter<'event' | 'outcome'>;
  private readonly deliveryFailures: Counter<'event' | 'status_class'>;
  private readonly paused: Counter<'reason'>;
  private readonly tokens: Counter<'provider' | 'model' | 'direction'>;
  private readonly cost: Counter<'provider' | 'model'>;

  constructor(metrics: MetricsService) {
    const registers: Registry[] = [metrics.registry];
    this.runs = new Counter({ name: 'foliodesk_pipeline_runs_total', help: 'Pipeline runs ended, by statement family and outcome', labelNames: ['family', 'outcome'], registers });
    this.runDuration = new Histogram({
      name: 'foliodesk_pipeline_run_duration_seconds',
      help: 'Time from upload to the end of a pipeline run, by statement family and outcome',
      labelNames: ['family', 'outcome'],
      buckets: [1, 2.5, 5, 10, 20, 30, 60, 120, 300, 600],
      registers,
    });
    this.stageDuration = new Histogram({
      name: 'foliodesk_pipeline_stage_duration_seconds',
      help: 'Time one pipeline stage ran, by stage and outcome',
      labelNames: ['stage', 'outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers,
    });
    this.failures = new Counter({ name: 'foliodesk_pipeline_failures_total', help: 'Pipeline runs failed, by the stage and the error code (docs/errors.md)', labelNames: ['stage', 'code'], registers });
    this.batches = new Counter({ name: 'foliodesk_batches_total', help: 'Batches uploaded, by source (multipart or zip)', labelNames: ['source'], registers });
    this.batchFileCounter = new Counter({
      name: 'foliodesk_batch_files_total',
      help: 'Files of batches by outcome: waiting (stored, waiting for admission), refused, admitted (its run started), password_required',
      labelNames: ['outcome'],
      registers,
    });
    this.reports = new Counter({ name: 'foliodesk_client_reports_total', help: 'Client reports ended, by outcome and error code (empty when completed)', labelNames: ['outcome', 'code'], registers });
    this.reportDuration = new Histogram({
      name: 'foliodesk_client_report_duration_seconds',
      help: 'Time a worker spent making a client report, by outcome',
      labelNames: ['outcome'],
      buckets: [0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers,
    });
    this.deliveries = new Counter({ name: 'foliodesk_webhook_delivery_attempts_total', help: 'Webhook delivery attempts, by event type and outcome (succeeded or failed)', labelNames: ['event', 'outcome'], registers });
    this.deliveryFailures = new Counter({
      name: 'foliodesk_webhook_delivery_failures_total',
      help: "Failed webhook delivery attempts, by event type and the receiver's status class (network: no answer)",
      labelNames: ['event', 'status_class'],
      registers,
    });
    this.paused = new Counter({
      name: 'foliodesk_webhook_subscriptions_paused_total',
      help: 'Webhook subscriptions paused, by reason: gone (410), failing (48 h of failures), secret_unreadable',
      labelNames: ['reason'],
      registers,
    });
    this.tokens = new Counter({ name: 'foliodesk_llm_tokens_total', help: 'Language-model tokens, by provider, model and direction (input or output)', labelNames: ['provider', 'model', 'direction'], registers });
    this.cost = new Counter({
      name: 'foliodesk_llm_cost_inr_total',
      help: 'Language-model cost in INR from the price table (LLM_PRICE_TABLE), by provider and model; a model without a price adds nothing',
      labelNames: ['provider', 'model'],
      registers,
    });
  }

  /** A pipeline run ended; `code` and `stage` only when it failed. */
  runEnded(run: { family: string; outcome: RunOutcome; durationMs: number; stage?: string; code?: string }): void {
    const family = this.families.of(run.family);
    this.runs.inc({ family, outcome: run.outcome });
    this.runDuration.observe({ family, outcome: run.outcome }, seconds(run.durationMs));
    if (run.outcome === 'failed') this.failures.inc({ stage: run.stage ?? 'unknown', code: this.codes.of(run.code) });
  }

  /** One stage's work ended (`stage` is one of the registry's names). */
  stageEnded(stage: string, outcome: RunOutcome, durationMs: number): void {
    this.stageDuration.observe({ stage, outcome }, seconds(durationMs));
  }

  batchCreated(source: 'multipart' | 'zip'): void {
    this.batches.inc({ source });
  }

  batchFiles(outcome: BatchFileOutcome, count = 1): void {
    if (count > 0) this.batchFileCounter.inc({ outcome }, count);
  }

  reportEnded(outcome: ReportOutcome, durationMs: number, code?: string): void {
    this.reports.inc({ outcome, code: outcome === 'failed' ? this.codes.of(code) : '' });
    this.reportDuration.observe({ outcome }, seconds(durationMs));
  }

  deliveryAttempted(event: string, success: boolean, statusCode: number | null): void {
    const e = this.events.of(event);
    this.deliveries.inc({ event: e, outcome: success ? 'succeeded' : 'failed' });
    if (!success) this.deliveryFailures.inc({ event: e, status_class: statusClass(statusCode) });
  }

  subscriptionPaused(reason: PauseReason): void {
    this.paused.inc({ reason });
  }

  /** A model's answer: its tokens, and its cost when the price table knows the model (null: not counted, never 0). */
  modelUsed(provider: string, model: string, inputTokens: number, outputTokens: number, costInr: number | null): void {
    const labels = { provider, model: this.models.of(model) };
    this.tokens.inc({ ...labels, direction: 'input' }, Math.max(0, inputTokens));
    this.tokens.inc({ ...labels, direction: 'output' }, Math.max(0, outputTokens));
    if (costInr !== null) this.cost.inc(labels, Math.max(0, costInr));
  }
}
