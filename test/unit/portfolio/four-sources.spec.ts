/**
 * One investor's statements from CAMS, KFintech, NSDL and CDSL (test/support/client-statements.ts),
 * read by the real parsers from the generator's positioned text, consolidated: overlapping periods,
 * a gap, the same folio in a registrar's and a depository's statement, a disagreement, one ISIN in
 * two demat accounts.
 */
import { describe, expect, it } from '@jest/globals';
import { classifyStatement, enrichExtraction, extractStatement, validateExtraction } from '../../../src/modules/extraction/index.js';
import { buildLines } from '../../../src/modules/pdf/index.js';
import { consolidate, normaliseFolio, type StatementSource } from '../../../src/modules/portfolio/index.js';
import { modelText, type StatementModel } from '../../fixtures/generator/index.js';
import { clientStatements, GAP } from '../../support/client-statements.js';

function read(model: StatementModel, id: string): StatementSource & { flags: string[] } {
  const pages = modelText(model);
  const draft = extractStatement(buildLines(pages), classifyStatement(pages.slice(0, 3)));
  const enriched = enrichExtraction(draft);
  return { document_id: id, document_type: draft.classification, period: draft.period, entities: enriched.entities, flags: validateExtraction(draft).flags.map((f) => `${f.code}: ${f.message}`) };
}

describe('a client’s statements from the four sources', () => {
  // FOLIODESK_VARIANT_SEED builds the statements from another seed.
  const client = clientStatements(Number(process.env.FOLIODESK_VARIANT_SEED ?? 7));
  const sources = client.statements.map((s) => ({ ...read(s.model, s.label), label: s.label }));

  it('each statement reads with no validation flag, the depositories’ folio sections in no demat account', () => {
    expect(sources.map((s) => [s.label, s.document_type, s.flags])).toEqual([
      ['A', 'CAMS_DETAILED_CAS', []],
      ['B', 'KFINTECH_DETAILED_CAS', []],
      ['C', 'CAMS_DETAILED_CAS', []],
      ['D', 'NSDL_CAS', []],
      ['E', 'CDSL_CAS', []],
    ]);
    const folios = sources.slice(3).flatMap((s) => s.entities.flatMap((e) => e.holdings.filter((h) => h.folio)));
    expect(folios.length).toBeGreaterThan(0);
    expect(folios.every((h) => !h.account_id)).toBe(true);
  });

  const c = consolidate([...sources].reverse());
  const folioPositions = c.positions.filter((p) => p.kind === 'folio');

  it('one position per scheme of each folio, whichever sources print it', () => {
    expect(folioPositions.map((p) => `${normaliseFolio(p.folio!)}|${p.isin}`).sort()).toEqual(client.schemes.map((h) => `${normaliseFolio(h.folio!)}|${h.isin}`).sort());
    for (const p of folioPositions) {
      const truth = client.schemes.find((h) => h.isin === p.isin && normaliseFolio(h.folio!) === normaliseFolio(p.folio!))!;
      if (p.isin === client.disagreeing.isin) continue;
      expect({ isin: p.isin, units: p.units, source: p.source.document_id }).toEqual({ isin: p.isin, units: truth.units, source: 'C' });
    }
    const inNsdl = folioPositions.filter((p) => p.seen_in.some((s) => s.document_id === 'D'));
    expect(inNsdl.length).toBeGreaterThan(0);
    for (const p of inNsdl) expect(p.seen_in.map((s) => s.document_id)).toEqual(expect.arrayContaining(['C', 'D']));
  });

  it('the folio C and E print differently is flagged SOURCES_DISAGREE, with C’s units', () => {
    const p = folioPositions.find((x) => x.isin === client.disagreeing.isin && normaliseFolio(x.folio!) === normaliseFolio(client.disagreeing.folio))!;
    const truth = client.schemes.find((h) => h.isin === p.isin)!;
    expect(p.units).toBe(truth.units);
    expect(p.flags.find((f) => f.code === 'SOURCES_DISAGREE')).toMatchObject({ fields: expect.arrayContaining(['units', 'market_value']), document_ids: ['C', 'E'] });
  });

  it('one ISIN in the NSDL and the CDSL account is two positions', () => {
    expect(c.positions.filter((p) => p.isin === client.sharedIsin).map((p) => p.kind)).toEqual(['demat', 'demat']);
  });

  it('history: transactions of the overlap once, January a HISTORY_GAP, statuses from the truth', () => {
    for (const p of folioPositions) {
      const truth = client.schemes.find((h) => h.isin === p.isin && normaliseFolio(h.folio!) === normaliseFolio(p.folio!))!;
      const outside = truth.transactions.filter((t) => t.date < GAP.from || t.date > GAP.to);
      const rows = c.transactions.filter((t) => t.position_id === p.id);
      expect({ isin: p.isin, rows: rows.map((t) => [t.date, t.units]) }).toEqual({ isin: p.isin, rows: outside.map((t) => [t.date, t.units]) });
      expect(p.flags.filter((f) => f.code === 'HISTORY_GAP').map((f) => [f.from, f.to])).toEqual([[GAP.from, GAP.to]]);
      const missing = truth.transactions.some((t) => t.date >= GAP.from && t.date <= GAP.to && t.units !== 0);
      // After the gap, the history is full only if the balance is zero at some point in C's period.
      const lastFrom = '2025-02-01';
      const before = truth.transactions.filter((t) => t.date < lastFrom);
      const zero = (before.at(-1)?.balance_units ?? truth.opening_units) === 0 || truth.transactions.some((t) => t.date >= lastFrom && t.balance_units === 0);
      expect({ isin: p.isin, status: p.history.status }).toEqual({ isin: p.isin, status: missing ? 'MISMATCH' : zero ? 'FULL_HISTORY' : 'PARTIAL_HISTORY' });
    }
    const inGap = client.schemes.some((h) => h.transactions.some((t) => t.date >= GAP.from && t.date <= GAP.to && t.units !== 0));
    expect(folioPositions.some((p) => p.history.status === 'MISMATCH')).toBe(inGap);
  });
});
