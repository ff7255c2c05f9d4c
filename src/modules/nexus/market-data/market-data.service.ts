import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppConfig } from '../../../config/app-config.js';
import { LOGGER } from '../../../common/logging/logging.module.js';
import type { ExtractionDraft } from '../extraction/types.js';
import { describeSkipped, parseAmfiNav, type AmfiNavFile } from './amfi-nav-parser.js';
import { withLatestNavs } from './latest-nav.js';
import { NavSource } from './nav-source.js';

/** After a failed load, how long the error stands before the source is read again. */
const RETRY_AFTER_FAILURE_MS = 60_000;

/**
 * Latest NAVs from the configured NAV source (`MARKET_DATA_NAV_SOURCE`; off when unset). The file
 * is read and parsed once, kept in memory, and read again when older than `MARKET_DATA_REFRESH_MS`:
 * callers get the cached prices at once while the refresh runs, and a failed refresh keeps them.
 * A source that cannot be read or parsed is logged with the reason and holdings go without latest
 * NAVs; it never fails a statement.
 */
@Injectable()
export class MarketDataService implements OnApplicationBootstrap {
  private current: { file: AmfiNavFile; loadedAt: number } | null = null;
  private failure: { error: Error; at: number } | null = null;
  private loading: Promise<AmfiNavFile> | null = null;
  private readonly refreshMs: number;

  constructor(
    config: AppConfig,
    @Inject(NavSource) private readonly source: NavSource | null,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.refreshMs = config.marketData.refreshMs;
  }

  get enabled(): boolean {
    return this.source !== null;
  }

  /** Reads the file in the background at start, so a bad source is reported at once. */
  onApplicationBootstrap(): void {
    if (this.enabled) this.navFile().catch(() => undefined);
  }

  /** The draft with latest NAVs on the holdings the source knows; unchanged when off or unavailable. */
  async addLatestNavs(draft: ExtractionDraft): Promise<ExtractionDraft> {
    if (!this.enabled) return draft;
    let file: AmfiNavFile;
    try {
      file = await this.navFile();
    } catch {
      return draft; // already logged where it failed
    }
    return withLatestNavs(draft, (isin) => file.byIsin.get(isin)).draft;
  }

  /** The parsed file: cached, refreshed when stale (in the background once there is one). */
  async navFile(): Promise<AmfiNavFile> {
    const now = Date.now();
    if (this.current && now - this.current.loadedAt < this.refreshMs) return this.current.file;
    const failedRecently = this.failure && now - this.failure.at < Math.min(RETRY_AFTER_FAILURE_MS, this.refreshMs);
    if (this.current) {
      if (!failedRecently) void this.load().catch(() => undefined);
      return this.current.file;
    }
    if (failedRecently) throw this.failure!.error;
    return this.load();
  }

  private load(): Promise<AmfiNavFile> {
    const source = this.source;
    if (!source) return Promise.reject(new Error('market data is off'));
    // One read at a time; callers arriving meanwhile share it.
    this.loading ??= this.readAndParse(source).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async readAndParse(source: NavSource): Promise<AmfiNavFile> {
    const started = Date.now();
    try {
      const file = parseAmfiNav(await source.read());
      this.current = { file, loadedAt: Date.now() };
      this.failure = null;
      this.logger.info(
        { source: source.description, schemes: file.schemes, isins: file.byIsin.size, unpriced: file.unpriced, latestDate: file.latestDate, ms: Date.now() - started },
        'NAV file loaded',
      );
      if (file.skipped.length > 0) {
        this.logger.warn({ source: source.description, skipped: file.skipped.length }, `NAV file: malformed lines skipped (${describeSkipped(file.skipped)})`);
      }
      return file;
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      this.failure = { error: failure, at: Date.now() };
      this.logger.error(
        { source: source.description, keeping: this.current ? 'the previous prices' : 'no prices' },
        `NAV file could not be loaded from ${source.description}: ${failure.message}`,
      );
      throw failure;
    }
  }
}
