/**
 * Random reports (test/unit/reports/report-variants.ts) rendered and read back: no overlapping text, no
 * text outside the printable area, no heading left at a page's foot, no bold data row, no cell out of
 * its column. `FOLIODESK_REPORT_LAYOUTS` sets how many (default 12); a failure prints its seed, and
 * `FOLIODESK_REPORT_LAYOUT_SEED` replays one.
 */
import { describe, expect, it } from '@jest/globals';
import { buildReportModel } from '../../../src/modules/reports/document/report-model.js';
import { renderClientReport } from '../../../src/modules/reports/document/report-pdf.js';
import { checkLayout, pageFaults, readLayout } from '../../support/report-layout.js';
import { REPORT_LAYOUT_RULES } from '../../support/report-pdf.js';
import { runSeed } from '../../support/run-seed.js';
import { reportVariant } from './report-variants.js';

const COUNT = Number(process.env.FOLIODESK_REPORT_LAYOUTS ?? 12);
const BASE = runSeed('report-layout', process.env.FOLIODESK_REPORT_LAYOUT_BASE);
const seeds = process.env.FOLIODESK_REPORT_LAYOUT_SEED ? [Number(process.env.FOLIODESK_REPORT_LAYOUT_SEED)] : Array.from({ length: COUNT }, (_, i) => BASE + i);

describe('report layout', () => {
  it(`${seeds.length} random reports from seed ${seeds[0]} lay out cleanly`, async () => {
    const failures: string[] = [];
    for (const seed of seeds) {
      const faults = await checkLayout(await renderClientReport(buildReportModel(reportVariant(seed))), REPORT_LAYOUT_RULES);
      if (faults.length) failures.push(`seed ${seed} (FOLIODESK_REPORT_LAYOUT_SEED=${seed}): ${faults.slice(0, 4).map((f) => `p${f.page} ${f.kind}: ${f.text}`).join(' | ')}`);
    }
    expect(failures).toEqual([]);
  });

  it('a holdings table too wide for the page at its font is set smaller, every cell still in its column', async () => {
    const model = buildReportModel(reportVariant(BASE, { wide: true }));
    expect(model.groups.flatMap((g) => g.rows).some((r) => (r.value ?? 0) >= 1e11)).toBe(true);
    const pages = await readLayout(await renderClientReport(model));
    expect(pages.flatMap((p) => pageFaults(p, REPORT_LAYOUT_RULES))).toEqual([]);
    const isinHeader = pages.flatMap((p) => p.lines).find((l) => l.items.some((i) => i.text === 'ISIN'))!;
    expect(isinHeader.size).toBeLessThan(7.5);
  });
});
