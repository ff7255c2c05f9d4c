/**
 * The portfolio module's public API, for every other module. Import portfolio only from here (or
 * its portfolio.module.ts).
 *
 * - `consolidate` / `consolidateHousehold`: one portfolio from many completed extractions —
 *   positions de-duplicated by identity, each from the newest statement on or before a date, the
 *   merged transaction history with its gaps and status, figures by extraction's calculator.
 * - PortfolioService (import `PortfolioModule.forRoot(role)`): `clientHistory` / `householdHistory`,
 *   a client's (or each household member's) consolidation from the register's statements, 404 across tenants;
 *   a client's portfolio as the API answers it (`clientPortfolioOf`), and the DTO types of that answer.
 */
export * from './consolidation/index.js';
export { PortfolioService } from './portfolio.service.js';
//# sourceMappingURL=index.js.map