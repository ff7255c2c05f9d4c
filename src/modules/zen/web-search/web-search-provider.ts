export interface WebResult {
  title: string;
  url: string;
  snippet: string;
}

/** Optional web search. `available` is false when none is configured (WEB_SEARCH_PROVIDER=none). */
export abstract class WebSearchProvider {
  abstract readonly available: boolean;
  abstract search(query: string, limit: number): Promise<WebResult[]>;
}
