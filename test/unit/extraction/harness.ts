/**
 * Test harness: runs a generated statement through the extraction chain and lists every
 * difference between what was extracted and the generator's ground truth. `runChain` feeds the
 * parsers the generator's positioned text (the lines its PDF would give); `runPdfChain` draws the
 * PDF and reads it back, for the tests whose subject is reading PDFs.
 */
import { buildLines } from '../../../src/modules/pdf/text-lines.js';
import { classifyStatement } from '../../../src/modules/extraction/classifier.js';
import { enrichExtraction } from '../../../src/modules/extraction/enricher.js';
import { extractPdfText } from '../../../src/modules/pdf/reader/pdfium.js';
import { extractStatement } from '../../../src/modules/extraction/extractor.js';
import type { Classification, Entity, ExtractionDraft, Holding, PdfPageText, TextLine } from '../../../src/modules/extraction/types.js';
import { generateStatement, generateText, type GeneratedStatement, type GenerateOptions, type StatementFamily, type StatementModel } from '../../fixtures/generator/index.js';

export interface Run {
  model: StatementModel;
  classification: Classification;
  lines: TextLine[];
  draft: ExtractionDraft;
  enriched: ExtractionDraft;
}

export interface PdfRun extends Run {
  statement: GeneratedStatement;
}

function chain(model: StatementModel, pages: PdfPageText[]): Run {
  const classification = classifyStatement(pages);
  const lines = buildLines(pages);
  const draft = extractStatement(lines, classification);
  return { model, classification, lines, draft, enriched: enrichExtraction(draft) };
}

/** The chain on the generator's positioned text: no PDF is drawn or read. */
export function runChain(family: StatementFamily, options: GenerateOptions = {}): Run {
  const { model, pages } = generateText(family, options);
  return chain(model, pages);
}

/** The chain on the drawn PDF, read back with pdf.js (opened with the statement's password when it has one). */
export async function runPdfChain(family: StatementFamily, options: GenerateOptions = {}): Promise<PdfRun> {
  const statement = await generateStatement(family, options);
  const pages = await extractPdfText(new Uint8Array(statement.pdf), statement.password ?? undefined);
  return { ...chain(statement.model, pages), statement };
}

export { FAMILY_CLASS } from '../../fixtures/generator/index.js';

const milli = (v: number | null | undefined): number | null => (v === null || v === undefined ? null : Math.round(v * 1000));
const n4 = (v: number | null | undefined): number | null => (v === null || v === undefined ? null : Math.round(v * 10000));
const paise = (v: number | null | undefined): number | null => (v === null || v === undefined ? null : Math.round(v * 100));

type Owned = { holding: Holding; pan: string | null; entity: string | null; guardian: Entity['guardian'] };

function keyOf(isin: string, where: string | null): string {
  return `${isin}@${where ?? ''}`;
}

/** The investor's PAN as the statement prints it: null for a minor whose statement prints only the guardian's. */
function printedPan(model: StatementModel, pan: string): string | null {
  const investor = model.investors.find((i) => i.pan === pan);
  return investor?.minor && !investor.minor.pan_printed ? null : pan;
}

/**
 * Whether a depository statement prints the holding in a section that names its kind: every section
 * of NSDL's and the folios; CDSL's bonds, government securities and (when printed apart) fund units,
 * not the rest of its holding statement.
 */
function sectioned(model: StatementModel, h: StatementModel['holdings'][number]): boolean {
  if (model.family === 'nsdl_cas' || h.folio !== null) return true;
  if (h.instrument === 'mutual_fund') return model.quirks.mfUnitsInDemat;
  return h.instrument === 'corporate_bond' || h.instrument === 'government_security';
}

/** Differences between the extraction (after enrichment) and the model, one line each. */
export function compareWithModel(model: StatementModel, draft: ExtractionDraft): string[] {
  const diffs: string[] = [];
  const demat = model.family === 'nsdl_cas' || model.family === 'cdsl_cas';
  const got: Owned[] = draft.entities.flatMap((e) => e.holdings.map((holding) => ({ holding, pan: e.pan, entity: e.entity_name, guardian: e.guardian })));
  // Demat holdings are keyed by owner PAN (one account per investor); mutual funds by folio.
  const gotKey = (o: Owned): string => keyOf(o.holding.isin, demat ? o.pan : o.holding.folio);
  const byKey = new Map<string, Owned[]>();
  for (const o of got) byKey.set(gotKey(o), [...(byKey.get(gotKey(o)) ?? []), o]);
  const seen = new Map<string, number>();
  for (const h of model.holdings) {
    const key = keyOf(h.isin, demat ? h.investor_pan : h.folio);
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    const match = byKey.get(key)?.[index];
    const where = `${key} ${h.scheme_name}`;
    if (!match) {
      diffs.push(`missing ${where}`);
      continue;
    }
    const g = match.holding;
    const investor = model.investors.find((i) => i.pan === h.investor_pan);
    if (match.pan !== printedPan(model, h.investor_pan)) diffs.push(`${where}: pan ${match.pan} != ${printedPan(model, h.investor_pan)}`);
    // A minor's guardian, beside the minor (never in the minor's place).
    if (JSON.stringify(match.guardian ?? null) !== JSON.stringify(investor?.minor?.guardian ?? null)) diffs.push(`${where}: guardian ${JSON.stringify(match.guardian)} != ${JSON.stringify(investor?.minor?.guardian)}`);
    if (investor && match.entity !== investor.name) diffs.push(`${where}: entity ${match.entity} != ${investor.name}`);
    if (milli(g.units) !== milli(h.units)) diffs.push(`${where}: units ${g.units} != ${h.units}`);
    if (n4(g.nav) !== n4(h.nav)) diffs.push(`${where}: nav ${g.nav} != ${h.nav}`);
    if (paise(g.market_value) !== paise(h.market_value)) diffs.push(`${where}: market_value ${g.market_value} != ${h.market_value}`);
    if (g.scheme_name !== h.scheme_name) diffs.push(`${where}: name "${g.scheme_name}" != "${h.scheme_name}"`);
    if ((g.folio ?? null) !== (h.folio ?? null)) diffs.push(`${where}: folio ${g.folio} != ${h.folio}`);
    if ((g.amc ?? null) !== (h.amc ?? null)) diffs.push(`${where}: amc ${g.amc} != ${h.amc}`);
    if (g.asset_class !== h.asset_class) diffs.push(`${where}: asset_class ${g.asset_class} != ${h.asset_class}`);
    // A folio's other holders and nominees, exactly as printed; none when the statement prints none.
    if (JSON.stringify(g.joint_holders ?? null) !== JSON.stringify(h.joint_holders ?? null)) diffs.push(`${where}: joint holders ${JSON.stringify(g.joint_holders)} != ${JSON.stringify(h.joint_holders)}`);
    if (JSON.stringify(g.nominees ?? null) !== JSON.stringify(h.nominees ?? null)) diffs.push(`${where}: nominees ${JSON.stringify(g.nominees)} != ${JSON.stringify(h.nominees)}`);
    if (!demat && paise(g.cost_value) !== paise(h.cost_value)) diffs.push(`${where}: cost ${g.cost_value} != ${h.cost_value}`);
    // The kind of security where a section of its own names it; bonds' and government securities' face value as their column prints it, and what their price is per.
    if (demat && sectioned(model, h) && g.instrument !== h.instrument) diffs.push(`${where}: instrument ${g.instrument} != ${h.instrument}`);
    if (h.instrument === 'corporate_bond' || h.instrument === 'government_security') {
      if (paise(g.face_value) !== paise(h.face_value)) diffs.push(`${where}: face value ${g.face_value} != ${h.face_value}`);
      if ((g.nav_basis ?? null) !== (h.nav_basis ?? null)) diffs.push(`${where}: price per ${g.nav_basis ?? 1} != per ${h.nav_basis ?? 1}`);
    }
    if (model.family === 'cams_detailed' || model.family === 'kfintech_detailed') {
      if (milli(g.opening_units) !== milli(h.opening_units)) diffs.push(`${where}: opening ${g.opening_units} != ${h.opening_units}`);
      if (g.transactions.length !== h.transactions.length) {
        diffs.push(`${where}: ${g.transactions.length} transactions != ${h.transactions.length}`);
      } else {
        h.transactions.forEach((t, i) => {
          const x = g.transactions[i];
          // A column the print leaves out (layout.detailed.columns) is not read: null.
          const printed = model.layout?.detailed?.columns ?? ['amount', 'units', 'nav', 'balance'];
          const printedUnits = t.kind === 'stamp_duty' ? null : milli(t.units);
          const printedBalance = t.kind === 'stamp_duty' || !printed.includes('balance') ? null : milli(t.balance_units);
          const a = [x.date, x.description, paise(x.amount), milli(x.units), n4(x.nav), milli(x.balance_units)];
          const b = [t.date, t.description, paise(t.amount), printedUnits, printed.includes('nav') ? n4(t.nav) : null, printedBalance];
          if (JSON.stringify(a) !== JSON.stringify(b)) diffs.push(`${where}: tx ${i} ${JSON.stringify(a)} != ${JSON.stringify(b)}`);
        });
      }
    }
  }
  const expected = new Set(model.holdings.map((h) => keyOf(h.isin, demat ? h.investor_pan : h.folio)));
  for (const o of got) if (!expected.has(gotKey(o))) diffs.push(`invented ${gotKey(o)} ${o.holding.scheme_name}`);
  if (got.length !== model.holdings.length) diffs.push(`count ${got.length} != ${model.holdings.length}`);
  const pans = [...new Set(model.holdings.map((h) => printedPan(model, h.investor_pan) ?? ''))].sort();
  const gotPans = draft.entities.map((e) => e.pan ?? '').sort();
  if (JSON.stringify(pans) !== JSON.stringify(gotPans)) diffs.push(`pans ${gotPans} != ${pans}`);
  if (model.holdings.length && paise(draft.stated_total) !== paise(model.totals.market_value)) diffs.push(`stated_total ${draft.stated_total} != ${model.totals.market_value}`);
  if (draft.period.to !== model.period.to) diffs.push(`period.to ${draft.period.to} != ${model.period.to}`);
  if (model.family !== 'cams_summary' && model.family !== 'kfintech_summary' && draft.period.from !== model.period.from) diffs.push(`period.from ${draft.period.from} != ${model.period.from}`);
  return diffs;
}
