/**
 * The shape of a family description: everything that tells one kind of statement from another and
 * that its reader needs to know about its print, as data. One file per family fills it in; the
 * classifier scores its cues, and the readers look up its sections, totals, account ids and
 * product codes through the accessors in `index.ts`.
 */
import type { ColumnKind, ColumnLabel, ColumnVocabulary } from '../tables/vocabulary.js';
import { columnLabel } from '../tables/vocabulary.js';
import type { SectionKind, StatementClass } from '../types.js';

/** Every class a document can be given, but UNKNOWN: one family description each. */
export type FamilyCode = Exclude<StatementClass, 'UNKNOWN'>;

/** Who prints a statement: a registrar or a depository, known by the names it prints. */
export interface Issuer {
  id: 'CAMS' | 'KFINTECH' | 'NSDL' | 'CDSL';
  /** Its legal name, short name, wordmark, former names and web domain, one pattern each. */
  names: RegExp[];
}

/**
 * A word, title or column label typical of a family: `weight` points when it is printed anywhere,
 * `head` more when it is in the title block (the first lines of page 1). A negative weight is
 * evidence against the family ("Opening Balance" against a summary).
 */
export interface Cue {
  pattern: RegExp;
  weight: number;
  head?: number;
}

/** A section heading as printed, and what the section holds. */
export interface Section {
  kind: SectionKind;
  pattern: RegExp;
}

/**
 * Labels of the printed totals: the statement's (`grand`, in order of preference), a demat
 * account's (`account`) and a group's within a table (`group`: an AMC's or a section's sub-total).
 */
export interface TotalLabels {
  grand: RegExp[];
  account: RegExp[];
  group: RegExp[];
}

/**
 * An account id printed after its label: the groups of `pattern` listed in `parts`, joined, without
 * spaces and in upper case, are the id ("DP ID : IN300126  Client ID : 12345678" → "IN30012612345678").
 */
export interface AccountIdPattern {
  pattern: RegExp;
  parts: number[];
}

export interface FamilyDescription {
  code: FamilyCode;
  /** What the document is, for a reader ("a CAMS detailed Consolidated Account Statement"). */
  title: string;
  /** A statement of holdings (the CAS families), or a document that lists none. */
  holdings: boolean;
  issuer: Issuer | null;
  /**
   * Which ISINs are evidence of the family: fund ISINs (INF…) in mutual-fund statements, any ISIN
   * in depository statements; `none` for a document that lists no securities (more than two ISINs
   * count against it).
   */
  securities: 'funds' | 'any' | 'none';
  /** Whether folio numbers ("Folio No") are evidence of the family. */
  folios: boolean;
  cues: Cue[];
  sections: Section[];
  totals: TotalLabels;
  accountId: AccountIdPattern | null;
  /** The registrar's product code printed before a scheme name ("B205RG-", "128TSGPG - "); its match is removed. */
  productCode: RegExp | null;
  /** A detailed statement's labels: the opening balance and the closing block's figures. */
  detailed?: DetailedLabels;
  /**
   * The family's own holdings-table column labels, tried before the labels every family shares
   * (`COMMON_COLUMNS` in `tables/vocabulary.ts`): a wording only this family prints, or one that would
   * be read wrong in another's tables. Absent: the common labels alone.
   */
  columns?: ColumnVocabulary;
}

/**
 * The labels of a detailed statement's scheme: its opening balance, and each figure of its closing
 * block (closing unit balance, NAV, cost value, market value), each printed before its figure.
 */
export interface DetailedLabels {
  opening: RegExp;
  closing: Record<'units' | 'nav' | 'cost' | 'value', RegExp>;
}

/** What a section holds, in words for a reader. */
export const SECTION_WORDS: Record<SectionKind, string> = {
  equities: 'equities',
  etfs: 'ETFs',
  gold_bonds: 'sovereign gold bonds',
  corporate_bonds: 'corporate bonds',
  government_securities: 'government securities',
  demat_securities: 'securities held in demat',
  mutual_fund_folios: 'mutual-fund folios',
  mutual_fund_units_demat: 'mutual-fund units held in demat',
  transactions: 'transactions',
};

export const cue = (pattern: RegExp, weight: number, head?: number): Cue => (head === undefined ? { pattern, weight } : { pattern, weight, head });

export const section = (kind: SectionKind, pattern: RegExp): Section => ({ kind, pattern });

/** A column label of a family's holdings tables: its pattern, matched against the label lower-cased with currency notes dropped. */
export const column = (kind: ColumnKind, pattern: RegExp): ColumnLabel => columnLabel(kind, pattern);

export const NO_TOTALS: TotalLabels = { grand: [], account: [], group: [] };
