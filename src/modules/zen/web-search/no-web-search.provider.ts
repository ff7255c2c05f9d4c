import { WebSearchProvider, type WebResult } from './web-search-provider.js';

/** WEB_SEARCH_PROVIDER=none: no web search is configured, and none is ever performed. */
export class NoWebSearchProvider extends WebSearchProvider {
  readonly available = false;

  async search(): Promise<WebResult[]> {
    return [];
  }
}
