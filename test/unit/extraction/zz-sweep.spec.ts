import { it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { ALL_QUIRKS, STATEMENT_FAMILIES, type GenerateOptions } from '../../fixtures/generator/index.js';
import { compareWithModel, runChain } from './harness.js';

it('sweep', async () => {
  const out: string[] = [];
  const quirkNames = Object.keys(ALL_QUIRKS);
  let total = 0, bad = 0;
  const t0 = Date.now();
  for (const family of STATEMENT_FAMILIES) {
    for (let seed = 1; seed <= 12; seed++) {
      const opts: GenerateOptions = {
        seed,
        investors: 1 + (seed % 3),
        grouping: seed % 2 ? 'indian' : 'western',
        negative: seed % 4 < 2 ? 'parentheses' : 'minus',
        currency: (['INR', 'Rs.', '₹'] as const)[seed % 3],
        quirks: seed % 5 === 0 ? ALL_QUIRKS : { [quirkNames[seed % quirkNames.length]]: true, [quirkNames[(seed * 7) % quirkNames.length]]: true },
        pages: seed % 6 === 0 ? 6 : undefined,
        encrypt: seed % 4 === 3,
      };
      const r = await runChain(family, opts);
      const diffs = compareWithModel(r.statement.model, r.enriched);
      total++;
      if (diffs.length || r.classification.code === 'UNKNOWN') { bad++; out.push(`## ${family} ${JSON.stringify(opts)} class ${r.classification.code} ${r.classification.confidence}`, ...diffs.slice(0, 15)); }
      out.push(`# ${family} seed ${seed} conf ${r.classification.code} ${r.classification.confidence} n=${r.statement.model.holdings.length} pages=${r.statement.model.page_count}`);
    }
  }
  out.unshift(`total ${total} bad ${bad} ms ${Date.now() - t0}`);
  writeFileSync('/tmp/sweep.txt', out.join('\n'));
}, 600000);
