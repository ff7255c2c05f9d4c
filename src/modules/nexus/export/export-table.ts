/**
 * The rows of an export, read from a document's stored extraction result: one row per holding
 * (`holdings`) or per transaction of each holding (`underlying`), investors and holdings in
 * statement order, only the selected fields, in the selected order.
 */
import type { ExtractionResult } from '../../extraction/index.js';
import {
  HOLDING_FIELDS,
  selectFields,
  toDefinition,
  TRANSACTION_FIELDS,
  type Cell,
  type ExportField,
  type ExportType,
  type FieldDefinition,
  type HoldingSource,
  type TransactionSource,
} from './export-fields.js';

export interface ExportTable {
  /** The report type: a statement's `holdings` or `underlying`, or a client report's (`gains_detailed`, …). */
  type: string;
  /** The XLSX worksheet's name. */
  sheet: string;
  fields: FieldDefinition[];
  /** One array of cells per row, in the order of `fields`. */
  rows: Cell[][];
}

/** The parts of the extraction result an export reads. */
export type ExportedExtraction = Pick<ExtractionResult, 'currency' | 'entities'>;

function holdingSources(result: ExportedExtraction): HoldingSource[] {
  const currency = result.currency || 'INR';
  return result.entities.flatMap((e) => e.holdings.map((holding) => ({ investor: { name: e.entity_name ?? '', pan: e.pan }, holding, currency })));
}

const SHEET_NAMES: Record<ExportType, string> = { holdings: 'Holdings', underlying: 'Transactions' };

const tabulate = <S>(type: ExportType, fields: Array<ExportField<S>>, sources: S[]): ExportTable => ({
  type,
  sheet: SHEET_NAMES[type],
  fields: fields.map(toDefinition),
  rows: sources.map((s) => fields.map((f) => f.value(s))),
});

/** Builds the table; `requested` is the `fields` query value (see selectFields). */
export function buildExportTable(type: ExportType, result: ExportedExtraction, requested?: string): ExportTable {
  if (type === 'holdings') return tabulate(type, selectFields(HOLDING_FIELDS, requested, type), holdingSources(result));
  const sources: TransactionSource[] = holdingSources(result).flatMap((s) => s.holding.transactions.map((transaction) => ({ ...s, transaction })));
  return tabulate(type, selectFields(TRANSACTION_FIELDS, requested, type), sources);
}

/** Checks `requested` against the catalogue without building rows (to answer 400 before any lookup). */
export function checkRequestedFields(type: ExportType, requested?: string): void {
  if (type === 'holdings') selectFields(HOLDING_FIELDS, requested, type);
  else selectFields(TRANSACTION_FIELDS, requested, type);
}
