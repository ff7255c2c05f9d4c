import { Counter, Gauge } from 'prom-client';
/**
 * The NAV file's health for Prometheus, registered only when a source is configured:
 * - `foliodesk_market_data_up`: 1 when the last read succeeded, 0 when it failed (a format change
 *   shows here) and until the first read is done;
 * - `foliodesk_market_data_load_failures_total{reason}`: failed reads, `read` or `format`;
 * - `foliodesk_market_data_last_success_timestamp_seconds`: when the file was last read successfully
 *   (0 before that);
 * - `foliodesk_market_data_skipped_lines`: malformed scheme lines skipped in the current file.
 */
export function registerMarketDataMetrics(registry, status) {
    new Gauge({
        name: 'foliodesk_market_data_up',
        help: 'Whether the last read of the market-data NAV file succeeded (1) or failed (0)',
        registers: [registry],
        collect() {
            this.set(status().state === 'up' ? 1 : 0);
        },
    });
    new Gauge({
        name: 'foliodesk_market_data_last_success_timestamp_seconds',
        help: 'When the market-data NAV file was last read successfully (Unix time)',
        registers: [registry],
        collect() {
            this.set((status().loadedAt ?? 0) / 1000);
        },
    });
    new Gauge({
        name: 'foliodesk_market_data_skipped_lines',
        help: 'Malformed scheme lines skipped in the current market-data NAV file',
        registers: [registry],
        collect() {
            this.set(status().skipped);
        },
    });
    const failures = new Counter({
        name: 'foliodesk_market_data_load_failures_total',
        help: 'Failed reads of the market-data NAV file, by reason: read (unreachable) or format (not understood)',
        labelNames: ['reason'],
        registers: [registry],
    });
    // Both series from the start, so an alert on their increase needs no earlier failure.
    failures.inc({ reason: 'read' }, 0);
    failures.inc({ reason: 'format' }, 0);
    return { failed: (reason) => failures.inc({ reason }) };
}
//# sourceMappingURL=market-data.metrics.js.map