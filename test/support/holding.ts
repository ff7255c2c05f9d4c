import { newHolding } from '../../src/modules/extraction/parsers/common.js';
import type { Holding } from '../../src/modules/extraction/types.js';

/** The parsers' `newHolding` with a placeholder name and ISIN on page 1; `overrides` replace any field. */
export const makeHolding = (overrides: Partial<Holding> = {}): Holding => newHolding({ scheme_name: 'Scheme', isin: 'INF000000000', page: 1, ...overrides });
