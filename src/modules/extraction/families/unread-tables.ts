/**
 * Holdings tables a statement of a known family prints but its reader read nothing from. The
 * family's section headings divide the statement; a holdings section whose rows carry ISINs, none
 * of which became a holding, is a table that could not be read. A statement from which no holding
 * at all was read is reported as a whole, never as "not a statement of holdings": a known family
 * whose tables could not be read is missing its holdings, not without them.
 */
import { isValidIsin } from '../identifiers.js';
import { splitNumberTokens } from '../parsers/common.js';
import type { ExtractionDraft, TextLine, UnreadTable, ValidationFlag } from '../types.js';
import { SECTION_WORDS, type Section } from './family.js';
import { familyOf, holdsHoldings, readAccountId } from './index.js';

const ISIN_SHAPED = /(?<![A-Z0-9])[A-Z]{2}[A-Z0-9]{9}[0-9](?![0-9])/;
const ISINS_SHAPED = new RegExp(ISIN_SHAPED.source, 'g');

function isinsOf(text: string): string[] {
  // Most lines have no ISIN: test once before collecting.
  if (!ISIN_SHAPED.test(text)) return [];
  return [...text.matchAll(ISINS_SHAPED)].map((m) => m[0]).filter(isValidIsin);
}

interface SeenSection extends UnreadTable {
  kind: Section['kind'];
  read: boolean;
}

/**
 * The holdings read, to be matched with the rows printed: a row is read when a holding with its ISIN
 * was read on its page or a neighbouring one, of the row's demat account when one can be (the same fund may be
 * held in several accounts). Each holding matches one row, so a fund two investors hold is read twice
 * or it is not.
 */
class ReadHoldings {
  private readonly byIsin = new Map<string, Array<{ account: string | null; page: number; taken: boolean }>>();
  readonly empty: boolean;

  constructor(draft: ExtractionDraft) {
    const holdings = draft.entities.flatMap((e) => e.holdings);
    for (const h of holdings) this.byIsin.set(h.isin, [...(this.byIsin.get(h.isin) ?? []), { account: h.account_id ?? null, page: h.page, taken: false }]);
    this.empty = holdings.length === 0;
  }

  /** Takes the holding read for a row, if there is one. */
  take(isin: string, account: string | null, page: number): boolean {
    const free = (this.byIsin.get(isin) ?? []).filter((h) => !h.taken && Math.abs(h.page - page) <= 1);
    const holding = free.find((h) => h.account === account) ?? free[0];
    if (holding) holding.taken = true;
    return Boolean(holding);
  }
}

export function unreadTables(lines: TextLine[], draft: ExtractionDraft): UnreadTable[] {
  const family = familyOf(draft.classification);
  if (!family?.holdings) return [];
  const read = new ReadHoldings(draft);
  const sections: SeenSection[] = [];
  let current: SeenSection | null = null;
  let account: string | null = null;
  let rows = 0;
  for (const line of lines) {
    const text = line.text.trim();
    if (family.accountId) account = readAccountId(family.code, text) ?? account;
    const isins = isinsOf(text);
    if (isins.length) {
      rows++;
      const taken = isins.filter((isin) => read.take(isin, account, line.page)).length > 0;
      if (current) {
        current.rows++;
        current.read ||= taken;
      }
      continue;
    }
    const section = family.sections.find((s) => s.pattern.test(text));
    // A heading is a line of words: a line with figures naming a section is a row of a summary.
    if (section && !line.cells.some((c) => splitNumberTokens(c.text))) {
      current = { heading: text, kind: section.kind, page: line.page, rows: 0, read: false };
      sections.push(current);
    }
  }
  const unread: UnreadTable[] = sections.filter((s) => holdsHoldings(s.kind) && s.rows > 0 && !s.read).map(({ heading, kind, page, rows: n }) => ({ heading, kind, page, rows: n }));
  if (read.empty && unread.length === 0) return [{ heading: null, kind: null, page: null, rows }];
  return unread;
}

/** The flag that says which table of which family could not be read. */
export function unreadTableFlag(draft: ExtractionDraft, table: UnreadTable): ValidationFlag {
  const title = familyOf(draft.classification)?.title ?? 'a statement';
  const base = { code: 'TABLE_UNREAD' as const, isin: null, entity: null, page: table.page };
  if (table.heading === null) {
    const seen = table.rows ? `: ${table.rows} row(s) with an ISIN were seen, and none could be read` : ': no holdings table was found in it';
    return { ...base, message: `This is ${title}, but its holdings tables could not be read${seen}. No holdings were extracted; that does not mean it holds none` };
  }
  const kind = table.kind ? ` (${SECTION_WORDS[table.kind]})` : '';
  return {
    ...base,
    message: `${title[0].toUpperCase()}${title.slice(1)}: the table under "${table.heading}"${kind} on page ${table.page} lists ${table.rows} row(s) with an ISIN, and none could be read; its holdings are missing from the extraction`,
  };
}
