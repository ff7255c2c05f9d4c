/** The consolidation core: plain functions over completed extractions (docs/portfolio.md). */
export * from './types.js';
export { consolidate, consolidateHousehold } from './consolidate.js';
export { positionIdentity, normaliseFolio, normaliseAccount } from './identity.js';
export { transactionIdentity } from './history.js';
//# sourceMappingURL=index.js.map