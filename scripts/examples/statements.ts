/**
 * Writes the sample statements of examples/statements/ (`npm run samples`): one household's
 * statements across registrars and depositories, drawn by the test generator from fixed seeds, and
 * statements.json, what each holds (the investor, the password, the holdings' count and value).
 *
 *   CAMS_Apr-Sep2025.pdf           CAMS detailed CAS of the first investor, April to September 2025
 *   KFintech_Summary_Sep2025.pdf   KFintech consolidated summary of the same investor, other folios
 *   NSDL_CAS_Sep2025.pdf           NSDL CAS of the same investor: shares and fund units in demat
 *   CAMS_Apr-Sep2025_Spouse.pdf    CAMS detailed CAS of the spouse, encrypted with the spouse's PAN
 *
 * The unencrypted files come out byte for byte the same on every run. An encrypted PDF carries random
 * salts, so the encrypted file is rewritten only when what it holds (its entry in statements.json)
 * changed; re-running leaves the folder as it was.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildModel, generateStatement, remodel, renderModel, type StatementModel } from '../../test/fixtures/generator/index.js';

const OUT = 'examples/statements';
const PERIOD = { from: '2025-04-01', to: '2025-09-30' };
const SEPTEMBER = { from: '2025-09-01', to: '2025-09-30' };
const CLEAN = { stampDuty: false, noTransactions: false };

interface SampleEntry {
  file: string;
  family: StatementModel['family'];
  issuer: StatementModel['issuer'];
  period: StatementModel['period'];
  investor: { name: string; pan: string; date_of_birth: string };
  password: string | null;
  holdings: number;
  market_value: number;
}

/** A model of another statement given to `owner`'s first investor: the investor, the accounts and the holdings. */
function ownedBy(model: StatementModel, owner: StatementModel): StatementModel {
  const pan = owner.investors[0].pan;
  return remodel(
    { ...model, investors: [owner.investors[0]] },
    { accounts: model.accounts.map((a) => ({ ...a, investor_pan: pan })), holdings: model.holdings.map((h) => ({ ...h, investor_pan: pan })) },
  );
}

const entry = (file: string, model: StatementModel): SampleEntry => {
  const { name, pan, date_of_birth } = model.investors[0];
  return { file, family: model.family, issuer: model.issuer, period: model.period, investor: { name, pan, date_of_birth }, password: model.password, holdings: model.totals.holdings_count, market_value: model.totals.market_value };
};

const client = buildModel('cams_detailed', { seed: 11, period: PERIOD, amcs: 2, folios: 3, transactionsPerScheme: 4, quirks: CLEAN });
const kfintech = ownedBy(buildModel('kfintech_summary', { seed: 12, period: PERIOD, amcs: 2, folios: 2 }), client);
const nsdl = ownedBy(buildModel('nsdl_cas', { seed: 13, period: SEPTEMBER, holdingsPerAccount: 4, quirks: { mfUnitsInDemat: true } }), client);
const spouse = await generateStatement('cams_detailed', { seed: 21, period: PERIOD, amcs: 2, folios: 2, transactionsPerScheme: 3, quirks: CLEAN, encrypt: true });

mkdirSync(OUT, { recursive: true });
const manifestPath = join(OUT, 'statements.json');
const before: SampleEntry[] = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as { statements: SampleEntry[] }).statements : [];

const plain: Array<[string, StatementModel]> = [
  ['CAMS_Apr-Sep2025.pdf', client],
  ['KFintech_Summary_Sep2025.pdf', kfintech],
  ['NSDL_CAS_Sep2025.pdf', nsdl],
];
const entries: SampleEntry[] = [];
for (const [file, model] of plain) {
  writeFileSync(join(OUT, file), await renderModel(model));
  entries.push(entry(file, model));
}
const spouseEntry = entry('CAMS_Apr-Sep2025_Spouse.pdf', spouse.model);
const unchanged = JSON.stringify(before.find((e) => e.file === spouseEntry.file)) === JSON.stringify(spouseEntry) && existsSync(join(OUT, spouseEntry.file));
if (!unchanged) writeFileSync(join(OUT, spouseEntry.file), spouse.pdf);
entries.push(spouseEntry);

writeFileSync(manifestPath, `${JSON.stringify({ generated_by: 'npm run samples (scripts/examples/statements.ts)', statements: entries }, null, 2)}\n`);
for (const e of entries) {
  console.log(`${join(OUT, e.file)}: ${e.issuer} ${e.family}, ${e.investor.name} (${e.investor.pan}), ${e.holdings} holdings${e.password ? `, password ${e.password}` : ''}`);
}
