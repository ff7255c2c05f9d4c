var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config.js';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { MetricsService } from '../../metrics/metrics.service.js';
import { AmfiFormatError, describeSkipped, parseAmfiNav } from './amfi-nav-parser.js';
import { withLatestNavs } from './latest-nav.js';
import { registerMarketDataMetrics } from './market-data.metrics.js';
import { NavSource } from './nav-source.js';
/** After a failed load, how long the error stands before the source is read again. */
const RETRY_AFTER_FAILURE_MS = 60_000;
/**
 * Latest NAVs from the configured NAV source (`MARKET_DATA_NAV_SOURCE`; off when unset). The file
 * is read and parsed once, kept in memory, and read again when older than `MARKET_DATA_REFRESH_MS`:
 * callers get the cached prices at once while the refresh runs, and a failed refresh keeps them.
 * A source that cannot be read or parsed is logged with the reason, counted in the metrics and
 * reported by health as degraded (`status()`); holdings go without latest NAVs and AMFI categories
 * (or keep the previous file's); it never fails a statement.
 */
let MarketDataService = class MarketDataService {
    constructor(config, source, logger, metrics) {
        this.source = source;
        this.logger = logger;
        this.current = null;
        this.failure = null;
        this.loading = null;
        this.refreshMs = config.marketData.refreshMs;
        this.metrics = source ? registerMarketDataMetrics(metrics.registry, () => this.status()) : null;
    }
    get enabled() {
        return this.source !== null;
    }
    /** Reads the file in the background at start, so a bad source is reported at once. */
    onApplicationBootstrap() {
        if (this.enabled)
            this.navFile().catch(() => undefined);
    }
    status() {
        if (!this.enabled)
            return { state: 'off', error: null, loadedAt: null, skipped: 0 };
        const state = this.failure ? 'degraded' : this.current ? 'up' : 'loading';
        return { state, error: this.failure?.error.message ?? null, loadedAt: this.current?.loadedAt ?? null, skipped: this.current?.file.skipped.length ?? 0 };
    }
    /** The NAV file's record of an ISIN (price, category), or null when market data is off or unavailable. */
    async lookup() {
        if (!this.enabled)
            return null;
        try {
            const file = await this.navFile();
            return (isin) => file.byIsin.get(isin);
        }
        catch {
            return null; // already logged, counted and reported by health where it failed
        }
    }
    /** The draft with latest NAVs on the holdings the source knows; unchanged when off or unavailable. */
    async addLatestNavs(draft) {
        const lookup = await this.lookup();
        return lookup ? withLatestNavs(draft, lookup).draft : draft;
    }
    /** The parsed file: cached, refreshed when stale (in the background once there is one). */
    async navFile() {
        const now = Date.now();
        if (this.current && now - this.current.loadedAt < this.refreshMs)
            return this.current.file;
        const failedRecently = this.failure && now - this.failure.at < Math.min(RETRY_AFTER_FAILURE_MS, this.refreshMs);
        if (this.current) {
            if (!failedRecently)
                void this.load().catch(() => undefined);
            return this.current.file;
        }
        if (failedRecently)
            throw this.failure.error;
        return this.load();
    }
    load() {
        const source = this.source;
        if (!source)
            return Promise.reject(new Error('market data is off'));
        // One read at a time; callers arriving meanwhile share it.
        this.loading ??= this.readAndParse(source).finally(() => {
            this.loading = null;
        });
        return this.loading;
    }
    async readAndParse(source) {
        const started = Date.now();
        try {
            const file = parseAmfiNav(await source.read());
            this.current = { file, loadedAt: Date.now() };
            this.failure = null;
            this.logger.info({ source: source.description, schemes: file.schemes, isins: file.byIsin.size, unpriced: file.unpriced, latestDate: file.latestDate, ms: Date.now() - started }, 'NAV file loaded');
            if (file.skipped.length > 0) {
                this.logger.warn({ source: source.description, skipped: file.skipped.length }, `NAV file: malformed lines skipped (${describeSkipped(file.skipped)})`);
            }
            if (file.unknownColumns.length > 0) {
                this.logger.warn({ source: source.description, columns: file.unknownColumns }, `NAV file: columns this reader does not know were ignored: ${file.unknownColumns.join(', ')}`);
            }
            return file;
        }
        catch (error) {
            const failure = error instanceof Error ? error : new Error(String(error));
            const reason = error instanceof AmfiFormatError ? 'format' : 'read';
            this.failure = { error: failure, at: Date.now() };
            this.metrics?.failed(reason);
            this.logger.error({ source: source.description, reason, keeping: this.current ? 'the previous prices' : 'no prices', marketData: 'degraded' }, `NAV file could not be ${reason === 'format' ? 'understood' : 'read'} from ${source.description}: ${failure.message}`);
            throw failure;
        }
    }
};
MarketDataService = __decorate([
    Injectable(),
    __param(1, Inject(NavSource)),
    __param(2, Inject(LOGGER)),
    __metadata("design:paramtypes", [AppConfig, Object, Object, MetricsService])
], MarketDataService);
export { MarketDataService };
//# sourceMappingURL=market-data.service.js.map