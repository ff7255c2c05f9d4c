/**
 * The people printed under a folio besides its investor: joint holders, nominees and a minor's
 * guardian. Their lines as statements word them, and whole statements that print all of them (a
 * minor with a guardian in every family, under the minor's folios, account or name, at times with
 * no PAN of the minor's; investors living abroad), read exactly: never a second investor from a
 * joint holder's PAN, never a guardian's PAN as the minor's (a minor printed with none has a null PAN);
 * and statements of one holding pattern, their joint holders in the top block. `FOLIODESK_PEOPLE_BASE`
 * sets the base seed.
 */
import { describe, expect, it } from '@jest/globals';
import { readGuardian, readJointHolder, readJointHolders, readNominees, wardAbove } from '../../../src/modules/extraction/parsers/folio-people.js';
import { buildLines } from '../../../src/modules/pdf/text-lines.js';
import { classifyStatement } from '../../../src/modules/extraction/classifier.js';
import { extractStatement } from '../../../src/modules/extraction/extractor.js';
import type { TextLine } from '../../../src/modules/extraction/types.js';
import { generateText } from '../../fixtures/generator/index.js';
import { compareWithModel } from './harness.js';
import { randomOptions, runText } from './variation-harness.js';
import { runSeed } from '../../support/run-seed.js';

describe('folio people lines', () => {
  it('reads a joint holder with the PAN printed after, beside or in brackets, and none without a label', () => {
    expect(readJointHolder('Joint Holder 1: Priya Sharma   PAN: ABCPS1234K')).toEqual({ name: 'Priya Sharma', pan: 'ABCPS1234K' });
    expect(readJointHolder('Joint 2 : Anil Kumar Sharma (PAN No: XYZPS9876Q)')).toEqual({ name: 'Anil Kumar Sharma', pan: 'XYZPS9876Q' });
    expect(readJointHolder('Joint Holder : Meera Iyer')).toEqual({ name: 'Meera Iyer', pan: null });
    expect(readJointHolder('Second Holder : Meera Iyer   PAN : ABCPI1234K')).toEqual({ name: 'Meera Iyer', pan: 'ABCPI1234K' });
    expect(readJointHolder('Third Holder Name: Ravi Iyer')).toEqual({ name: 'Ravi Iyer', pan: null });
    expect(readJointHolder('Priya Sharma   PAN: ABCPS1234K')).toBeNull();
    expect(readJointHolder('Joint Holder 1: 12345')).toBeNull();
  });

  it('reads a list of joint holders on one line, each with the PAN printed with them or none', () => {
    expect(readJointHolders('Joint Holder(s) : Priya Sharma (PAN: ABCPS1234K), Anil Sharma (PAN No: XYZPS9876Q)')).toEqual([
      { name: 'Priya Sharma', pan: 'ABCPS1234K' },
      { name: 'Anil Sharma', pan: 'XYZPS9876Q' },
    ]);
    expect(readJointHolders('JOINT HOLDERS : Priya Sharma & Anil Sharma')).toEqual([
      { name: 'Priya Sharma', pan: null },
      { name: 'Anil Sharma', pan: null },
    ]);
    expect(readJointHolders('Second Holder : Meera Iyer   PAN : ABCPI1234K')).toEqual([{ name: 'Meera Iyer', pan: 'ABCPI1234K' }]);
    expect(readJointHolders('Investor Name : Meera Iyer')).toBeNull();
  });

  it('reads nominees on one line or one a line, and none for "Not registered"', () => {
    expect(readNominees('Nominee 1: Priya Sharma   Nominee 2: Anil Sharma')).toEqual(['Priya Sharma', 'Anil Sharma']);
    expect(readNominees('Nominee 3 : Meera Nath Iyer')).toEqual(['Meera Nath Iyer']);
    expect(readNominees('Nominee: Not registered')).toEqual([]);
    expect(readNominees('Nominee 1: Not Registered')).toEqual([]);
    expect(readNominees('HDFC Nominee Fund - Growth')).toBeNull();
  });

  it("reads a guardian and the guardian's own PAN", () => {
    expect(readGuardian('Guardian : Naveen Verma (PAN: LTGPV5268F)')).toEqual({ name: 'Naveen Verma', pan: 'LTGPV5268F' });
    expect(readGuardian('Guardian Name : Naveen Verma   PAN : LTGPV5268F')).toEqual({ name: 'Naveen Verma', pan: 'LTGPV5268F' });
    expect(readGuardian('Ananya Verma')).toBeNull();
  });

  it('names the minor a guardian is printed under when that line prints no PAN, and no one from a scheme name or a PAN line', () => {
    const line = (text: string): TextLine => ({ page: 1, y: 100, text, cells: [{ x: 30, text, x_end: 30 + text.length * 4 }] });
    expect(wardAbove(line('Investor Name : Ananya Verma'))).toBe('Ananya Verma');
    expect(wardAbove(line('Ananya Verma'))).toBe('Ananya Verma');
    expect(wardAbove(line('Ananya Verma   PAN : ABCPV1234K'))).toBeNull();
    expect(wardAbove(line('Direct Plan Growth'))).toBeNull();
    expect(wardAbove(line('HDFC Mutual Fund'))).toBeNull();
    expect(wardAbove(line('Flat 8A, Prestige Heights'))).toBeNull();
  });
});

describe('statements with joint holders, nominees, a minor and an address abroad', () => {
  it.each(['cams_detailed', 'kfintech_detailed', 'cams_summary', 'kfintech_summary', 'nsdl_cas', 'cdsl_cas'] as const)('%s: 40 random statements read exactly', (family) => {
    const base = runSeed(`folio-people ${expect.getState().currentTestName}`, process.env.FOLIODESK_PEOPLE_BASE);
    const failures: string[] = [];
    /** Statements whose minor holds something and is printed with no PAN of their own (only the guardian's). */
    let withoutPan = 0;
    for (let seed = base; seed < base + 40; seed++) {
      const run = runText(family, { ...randomOptions(seed), holders: { joint: true, nominees: true, minor: true, nriAddress: true } });
      const minor = run.model.investors.find((i) => i.minor);
      if (minor && !minor.minor!.pan_printed && run.model.holdings.some((h) => h.investor_pan === minor.pan)) withoutPan++;
      const diffs = compareWithModel(run.model, run.enriched);
      if (diffs.length) failures.push(`seed ${seed}: ${diffs.slice(0, 4).join(' | ')}`);
    }
    expect(failures).toEqual([]);
    // A depository prints a minor's own PAN (their demat account is opened on it); a registrar's statement may not.
    expect({ base, withoutPan: withoutPan > 0 }).toEqual({ base, withoutPan: family !== 'nsdl_cas' && family !== 'cdsl_cas' });
  });
});

describe('a statement of one holding pattern: its joint holders printed once, in the top block', () => {
  it.each(['cams_detailed', 'kfintech_detailed', 'cams_summary', 'kfintech_summary', 'nsdl_cas', 'cdsl_cas'] as const)('%s: 25 random statements read them onto every holding of the investor, never as the investor', (family) => {
    const base = runSeed(`folio-people ${expect.getState().currentTestName}`, process.env.FOLIODESK_PEOPLE_BASE);
    const failures: string[] = [];
    for (let seed = base; seed < base + 25; seed++) {
      const options = randomOptions(seed);
      const run = runText(family, { ...options, investors: 1, holders: { ...options.holders, minor: false, statementJoint: true } });
      const top = run.model.investors[0].joint_holders ?? [];
      const diffs = compareWithModel(run.model, run.enriched);
      // Printed in the top block only: no folio or account prints them.
      if (!top.length || run.model.holdings.some((h) => JSON.stringify(h.joint_holders) !== JSON.stringify(top))) diffs.push('the statement is not of one holding pattern');
      if (run.enriched.entities.some((e) => top.some((j) => j.pan === e.pan || j.name === e.entity_name))) diffs.push('a joint holder read as the investor');
      if (diffs.length) failures.push(`seed ${seed}: ${diffs.slice(0, 4).join(' | ')}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('a guardian printed under an investor of a summary or depository statement', () => {
  it.each(['cams_summary', 'kfintech_summary', 'nsdl_cas', 'cdsl_cas'] as const)("%s: the guardian is recorded beside the investor above, and the guardian's PAN makes no investor", (family) => {
    const base = runSeed(`folio-people ${expect.getState().currentTestName}`, process.env.FOLIODESK_PEOPLE_BASE);
    let tried = 0;
    for (let seed = base; seed < base + 12; seed++) if (guardianUnderSecondInvestor(family, seed)) tried++;
    // A seed whose second investor prints no line of its own (no holding of theirs) has nowhere to put the guardian.
    expect({ base, tried: tried >= 3 }).toEqual({ base, tried: true });
  });
});

/** A random statement of two investors with a guardian's line put under the second one's PAN; false when that PAN is printed on no line. */
function guardianUnderSecondInvestor(family: 'cams_summary' | 'kfintech_summary' | 'nsdl_cas' | 'cdsl_cas', seed: number): boolean {
  const { model, pages } = generateText(family, { ...randomOptions(seed), investors: 2, holders: {} });
  const lines = buildLines(pages);
  const minor = model.investors[1];
  const at = lines.findIndex((l) => l.text.includes(minor.pan));
  if (at < 0) return false;
  const guardianLine = (text: string): TextLine => ({ page: lines[at].page, y: lines[at].y + 4, text, cells: [{ x: 30, text, x_end: 30 + text.length * 4 }] });
  lines.splice(at + 1, 0, guardianLine('Guardian : Naveen Verma (PAN: LTGPV5268F)'));
  const draft = extractStatement(lines, classifyStatement(pages.slice(0, 3)));
  expect({ seed, pans: draft.entities.map((e) => e.pan).sort() }).toEqual({ seed, pans: [...new Set(model.holdings.map((h) => h.investor_pan))].sort() });
  expect({ seed, guardians: draft.entities.map((e) => [e.pan, e.guardian ?? null]) }).toEqual({
    seed,
    guardians: draft.entities.map((e) => [e.pan, e.pan === minor.pan ? { name: 'Naveen Verma', pan: 'LTGPV5268F' } : null]),
  });
  return true;
}
