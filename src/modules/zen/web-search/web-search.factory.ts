import type { Logger } from 'pino';
import type { AppConfig } from '../../../config/app-config.js';
import { NoWebSearchProvider } from './no-web-search.provider.js';
import { SearxngWebSearchProvider } from './searxng-web-search.provider.js';
import type { WebSearchProvider } from './web-search-provider.js';

/** The provider `WEB_SEARCH_PROVIDER` names (`none` or `searxng` with `SEARXNG_URL`). */
export function webSearchProviderFor(config: AppConfig, logger: Logger): WebSearchProvider {
  const { provider, searxngUrl, timeoutMs } = config.webSearch;
  return provider === 'searxng' && searxngUrl ? new SearxngWebSearchProvider(searxngUrl, timeoutMs, logger) : new NoWebSearchProvider();
}
