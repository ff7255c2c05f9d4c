import { createCanvas } from '@napi-rs/canvas';
import { ArcElement, Chart, DoughnutController, type ChartConfiguration } from 'chart.js';
import type { ClientReportModel } from './report-model.js';

Chart.register(DoughnutController, ArcElement);

/** One colour per asset class, the same in every report. */
export const ASSET_CLASS_COLOURS: Record<string, string> = {
  Equity: '#1f4e79',
  Debt: '#e07b00',
  Hybrid: '#2e8b57',
  Other: '#8e44ad',
};

export const CHART_SIZE = { width: 320, height: 320 } as const;
/** Pixels per chart unit: drawn at twice the size it is shown, for print. */
const PIXEL_RATIO = 2;

/**
 * The allocation as a doughnut, drawn by Chart.js on @napi-rs/canvas (no browser): a PNG. Chart.js
 * sees no DOM in Node and uses its basic platform, so responsiveness and animation are off. The
 * legend is the report's text beside it (readable, searchable), not pixels.
 */
export function allocationChartPng(allocation: ClientReportModel['allocation']): Buffer {
  const canvas = createCanvas(CHART_SIZE.width, CHART_SIZE.height);
  const config: ChartConfiguration<'doughnut'> = {
    type: 'doughnut',
    data: {
      labels: allocation.map((s) => s.asset_class),
      datasets: [{ data: allocation.map((s) => s.percent), backgroundColor: allocation.map((s) => ASSET_CLASS_COLOURS[s.asset_class]), borderColor: '#ffffff', borderWidth: 2 }],
    },
    options: {
      responsive: false,
      animation: false,
      devicePixelRatio: PIXEL_RATIO,
      cutout: '55%',
    },
  };
  const chart = new Chart(canvas as unknown as HTMLCanvasElement, config);
  try {
    return canvas.toBuffer('image/png');
  } finally {
    chart.destroy();
  }
}
