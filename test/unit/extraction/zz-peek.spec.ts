import { it } from '@jest/globals';
import { buildStatement, PLANNERS } from '../../fixtures/generator/builders.js';
import { paginate } from '../../fixtures/generator/layout/plan.js';
import { pagesToText } from '../../fixtures/generator/layout/text.js';
import { buildLines } from '../../../src/modules/pdf/text-lines.js';
import { classifyStatement } from '../../../src/modules/extraction/classifier.js';
import { extractStatement } from '../../../src/modules/extraction/extractor.js';
import { validateExtraction } from '../../../src/modules/extraction/validator.js';
it('peek', () => {
  for (const [family, seed, delta] of [['cams_detailed', 101, 1234.56], ['nsdl_cas', 104, -987.65]] as const) {
    const { model } = buildStatement(family, { seed });
    const printed = structuredClone(model);
    const target = printed.holdings.find((h) => h.units > 0 && h.market_value > 2 * Math.abs(delta))!;
    const raise = (v: number) => Math.round((v + delta) * 100) / 100;
    target.market_value = raise(target.market_value);
    printed.totals.market_value = raise(printed.totals.market_value);
    const amcTotal = printed.totals.by_amc.find((t) => t.amc === target.amc);
    if (amcTotal) amcTotal.market_value = raise(amcTotal.market_value);
    const plan = PLANNERS[family](printed);
    const pages = pagesToText(paginate(plan), plan.geometry);
    const d = extractStatement(buildLines(pages), classifyStatement(pages.slice(0, 3)));
    const got = d.entities.flatMap(e => e.holdings).find(h => h.isin === target.isin && (h.folio ?? h.account_id) === (target.folio ?? target.account_id))!;
    console.log(family, JSON.stringify({ units: got.units, nav: got.nav, mv: got.market_value, refused: got.refused_figures }), target.units, target.nav, target.market_value, target.transactions.length);
    console.log(JSON.stringify(validateExtraction(d).flags.map(f => [f.code, f.isin, f.message])));
  }
});
