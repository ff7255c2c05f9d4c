import { createCanvas } from '@napi-rs/canvas';
import { ArcElement, Chart, DoughnutController } from 'chart.js';
Chart.register(DoughnutController, ArcElement);
/** One colour per asset class, the same in every report. */
export const ASSET_CLASS_COLOURS = {
    Equity: '#1f4e79',
    Debt: '#e07b00',
    Hybrid: '#2e8b57',
    Other: '#8e44ad',
};
export const CHART_SIZE = { width: 320, height: 320 };
/** Pixels per chart unit: drawn at twice the size it is shown, for print. */
const PIXEL_RATIO = 2;
/**
 * The allocation as a doughnut, drawn by Chart.js on @napi-rs/canvas (no browser): a PNG. Chart.js
 * sees no DOM in Node and uses its basic platform, so responsiveness and animation are off. The
 * legend is the report's text beside it (readable, searchable), not pixels.
 */
export function allocationChartPng(allocation) {
    const canvas = createCanvas(CHART_SIZE.width, CHART_SIZE.height);
    const config = {
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
    const chart = new Chart(canvas, config);
    try {
        return canvas.toBuffer('image/png');
    }
    finally {
        chart.destroy();
    }
}
//# sourceMappingURL=allocation-chart.js.map