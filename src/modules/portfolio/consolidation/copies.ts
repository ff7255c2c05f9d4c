/**
 * Every holding of every counted statement, grouped by position, in the order statements are
 * preferred: newest statement date first; of one date, the statement of record for the position
 * (the registrar's for a folio, the depository's for a demat account), then the later one given.
 */
import type { Holding } from '../../extraction/index.js';
import { compareText, isIsoDate } from './dates.js';
import { positionIdentity } from './identity.js';
import type { ConsolidationOptions, PositionKind, StatementInvestor, StatementSource } from './types.js';

export interface PositionCopy {
  source: StatementSource;
  entity: StatementInvestor;
  holding: Holding;
  /** The statement's place in the input (later = given later, e.g. uploaded later). */
  order: number;
}

export interface PositionCopies {
  id: string;
  kind: PositionKind;
  /** Preferred first. */
  copies: PositionCopy[];
}

const DEPOSITORY = /^(NSDL|CDSL)_/;

/** Lower is preferred among statements of one date. */
function sourceRank(documentType: string, kind: PositionKind): number {
  if (kind === 'demat') return DEPOSITORY.test(documentType) ? 0 : 1;
  if (/_DETAILED_CAS$/.test(documentType)) return 0;
  if (/_SUMMARY_CAS$/.test(documentType)) return 1;
  return DEPOSITORY.test(documentType) ? 2 : 3;
}

const dates = new WeakMap<StatementSource, string | null>();

/** The statement date (its period's end), when it is a date; worked out once per statement. */
export function statementDate(s: StatementSource): string | null {
  let date = dates.get(s);
  if (date === undefined) dates.set(s, (date = isIsoDate(s.period.to) ? s.period.to : null));
  return date;
}

/** The statements the options count: dated on or before `asOf` when it is given. */
export function countedStatements(statements: readonly StatementSource[], options: ConsolidationOptions): Array<{ source: StatementSource; order: number }> {
  const asOf = options.asOf ?? null;
  return statements.map((source, order) => ({ source, order })).filter(({ source }) => asOf === null || (statementDate(source) !== null && statementDate(source)! <= asOf));
}

export function groupCopies(statements: readonly StatementSource[], options: ConsolidationOptions): PositionCopies[] {
  const pans = options.pans ? new Set(options.pans.map((p) => p.toUpperCase())) : null;
  const groups = new Map<string, PositionCopies>();
  for (const { source, order } of countedStatements(statements, options)) {
    for (const entity of source.entities ?? []) {
      if (pans && !(entity.pan && pans.has(entity.pan.toUpperCase()))) continue;
      for (const holding of entity.holdings) {
        const { id, kind } = positionIdentity(entity, holding);
        let group = groups.get(id);
        if (!group) groups.set(id, (group = { id, kind, copies: [] }));
        group.copies.push({ source, entity, holding, order });
      }
    }
  }
  for (const group of groups.values()) {
    group.copies.sort(
      (a, b) =>
        compareText(statementDate(b.source) ?? '', statementDate(a.source) ?? '') ||
        sourceRank(a.source.document_type, group.kind) - sourceRank(b.source.document_type, group.kind) ||
        b.order - a.order,
    );
  }
  return [...groups.values()];
}
