/**
 * The capital-gains rules for mutual-fund units, by date, as the Income-tax Act, 1961 and the
 * Finance Acts set them, and the corresponding sections of the Income-tax Act, 2025 (in force for
 * transfers from 1 April 2026). Each row cites its provision; docs/gains.md gives the source each was
 * checked against. The table starts with transfers on 1 April 2018 (the first year of section 112A);
 * earlier transfers have no rule here.
 */
/** Finance (No. 2) Act, 2024: new rates, holding periods and no indexation for transfers from this day. */
export const BUDGET_2024_TRANSFERS_FROM = '2024-07-23';
/** Section 50AA (Finance Act, 2023): units of a Specified Mutual Fund acquired on or after this day. */
export const SPECIFIED_FUND_ACQUIRED_FROM = '2023-04-01';
/** The Income-tax Act, 2025 applies to tax years from this day. */
export const ACT_2025_FROM = '2026-04-01';
/** Section 55(2)(ac): long-term equity-oriented units acquired on or before this day are grandfathered. */
export const GRANDFATHERING_ACQUIRED_TO = '2018-01-31';
/**
 * The grandfathering provision: s.55(2)(ac) of the 1961 Act. The 2025 Act's s.90 corresponds to s.55,
 * but the clause that carries (ac) there was not verified, so it is null (docs/gains.md).
 */
export const GRANDFATHERING_SECTIONS = { section1961: '55(2)(ac)', section2025: null }; // 2025: unverified
/** Section 112A applies to transfers from this day (Finance Act, 2018); the table starts here. */
export const TABLE_TRANSFERS_FROM = '2018-04-01';
/**
 * Section 50AA's new definition of a Specified Mutual Fund (more than 65 % in debt and money-market
 * instruments) is substituted with effect from 1 April 2026, i.e. assessment year 2026-27: transfers of
 * FY 2025-26 on. Until then a fund with at most 35 % in domestic equity shares.
 */
export const SPECIFIED_FUND_NEW_DEFINITION_FROM = '2025-04-01';
const BEFORE_BUDGET_2024 = '2024-07-22';
const FA2_2024 = 'Finance (No. 2) Act, 2024';
export const GAINS_RULES = [
    {
        id: 'EQ_STCG_15', taxClass: 'equity_oriented', listed: null, term: 'short',
        transferFrom: TABLE_TRANSFERS_FROM, transferTo: BEFORE_BUDGET_2024, acquiredFrom: null,
        holdingMonths: 12, rate: 0.15, slab: false, indexation: false, grandfathering: false,
        section1961: '111A', section2025: '196',
        provision: `s.111A(1)(i)(a) as substituted by ${FA2_2024} s.29: 15 % for transfers before 23 July 2024`,
    },
    {
        id: 'EQ_STCG_20', taxClass: 'equity_oriented', listed: null, term: 'short',
        transferFrom: BUDGET_2024_TRANSFERS_FROM, transferTo: null, acquiredFrom: null,
        holdingMonths: 12, rate: 0.2, slab: false, indexation: false, grandfathering: false,
        section1961: '111A', section2025: '196',
        provision: `s.111A(1)(i)(b) as substituted by ${FA2_2024} s.29: 20 % for transfers on or after 23 July 2024; 2025 Act s.196(1)(i): 20 %`,
    },
    {
        id: 'EQ_LTCG_10', taxClass: 'equity_oriented', listed: null, term: 'long',
        transferFrom: TABLE_TRANSFERS_FROM, transferTo: BEFORE_BUDGET_2024, acquiredFrom: null,
        holdingMonths: 12, rate: 0.1, slab: false, indexation: false, grandfathering: true,
        section1961: '112A', section2025: '198',
        provision: `s.112A(2)(i)(a) as substituted by ${FA2_2024} s.31: 10 % for transfers before 23 July 2024, above the year's exemption`,
    },
    {
        id: 'EQ_LTCG_12_5', taxClass: 'equity_oriented', listed: null, term: 'long',
        transferFrom: BUDGET_2024_TRANSFERS_FROM, transferTo: null, acquiredFrom: null,
        holdingMonths: 12, rate: 0.125, slab: false, indexation: false, grandfathering: true,
        section1961: '112A', section2025: '198',
        provision: `s.112A(2)(i)(b) as substituted by ${FA2_2024} s.31: 12.5 % for transfers on or after 23 July 2024; 2025 Act s.198(2)(a): 12.5 % above ₹1,25,000`,
    },
    {
        id: 'SMF_DEEMED_SHORT', taxClass: 'specified_mutual_fund', listed: null, term: 'short',
        transferFrom: SPECIFIED_FUND_ACQUIRED_FROM, transferTo: null, acquiredFrom: SPECIFIED_FUND_ACQUIRED_FROM,
        holdingMonths: null, rate: null, slab: true, indexation: false, grandfathering: false,
        section1961: '50AA', section2025: '76',
        provision: 's.50AA (Finance Act, 2023): units acquired on or after 1 April 2023 give short-term gains whatever the holding; 2025 Act s.76(2)(a)',
    },
    {
        id: 'OTHER_STCG_36M', taxClass: 'other', listed: null, term: 'short',
        transferFrom: TABLE_TRANSFERS_FROM, transferTo: BEFORE_BUDGET_2024, acquiredFrom: null,
        holdingMonths: 36, rate: null, slab: true, indexation: false, grandfathering: false,
        section1961: '2(42A)', section2025: '2(101)',
        provision: 's.2(42A): units other than of an equity oriented fund are short-term when held for not more than 36 months',
    },
    {
        id: 'OTHER_LTCG_20_INDEXED', taxClass: 'other', listed: null, term: 'long',
        transferFrom: TABLE_TRANSFERS_FROM, transferTo: BEFORE_BUDGET_2024, acquiredFrom: null,
        holdingMonths: 36, rate: 0.2, slab: false, indexation: true, grandfathering: false,
        section1961: '112', section2025: '197',
        provision: `s.112 20 % with indexation (second proviso to s.48) for transfers before 23 July 2024 (${FA2_2024} ss.20, 30)`,
    },
    {
        id: 'OTHER_STCG_LISTED_12M', taxClass: 'other', listed: true, term: 'short',
        transferFrom: BUDGET_2024_TRANSFERS_FROM, transferTo: null, acquiredFrom: null,
        holdingMonths: 12, rate: null, slab: true, indexation: false, grandfathering: false,
        section1961: '2(42A)', section2025: '2(101)',
        provision: `s.2(42A) first proviso as amended by ${FA2_2024}: a listed security (units included) is short-term when held for not more than 12 months`,
    },
    {
        id: 'OTHER_LTCG_LISTED_12_5', taxClass: 'other', listed: true, term: 'long',
        transferFrom: BUDGET_2024_TRANSFERS_FROM, transferTo: null, acquiredFrom: null,
        holdingMonths: 12, rate: 0.125, slab: false, indexation: false, grandfathering: false,
        section1961: '112', section2025: '197',
        provision: `s.112 as amended by ${FA2_2024} s.30: 12.5 % without indexation for transfers on or after 23 July 2024; 2025 Act s.197(1)(b)`,
    },
    {
        id: 'OTHER_STCG_UNLISTED_24M', taxClass: 'other', listed: false, term: 'short',
        transferFrom: BUDGET_2024_TRANSFERS_FROM, transferTo: null, acquiredFrom: null,
        holdingMonths: 24, rate: null, slab: true, indexation: false, grandfathering: false,
        section1961: '2(42A)', section2025: '2(101)',
        provision: `s.2(42A) as amended by ${FA2_2024}: any other asset is short-term when held for not more than 24 months`,
    },
    {
        id: 'OTHER_LTCG_UNLISTED_12_5', taxClass: 'other', listed: false, term: 'long',
        transferFrom: BUDGET_2024_TRANSFERS_FROM, transferTo: null, acquiredFrom: null,
        holdingMonths: 24, rate: 0.125, slab: false, indexation: false, grandfathering: false,
        section1961: '112', section2025: '197',
        provision: `s.112 as amended by ${FA2_2024} s.30: 12.5 % without indexation for transfers on or after 23 July 2024; 2025 Act s.197(1)(b)`,
    },
];
/**
 * The section 112A exemption of a financial year: ₹1,00,000 from FY 2018-19 to FY 2023-24; ₹1,25,000
 * from FY 2024-25, on the aggregate of the year's long-term gains at 10 % and at 12.5 % (the proviso
 * to s.112A(2)(i) as substituted by the Finance (No. 2) Act, 2024), so the whole of FY 2024-25 has the
 * higher limit, transfers before 23 July 2024 included.
 */
export function ltcgExemptionFor(financialYear) {
    const start = Number(financialYear.slice(0, 4));
    if (!Number.isInteger(start) || start < 2018)
        return null;
    return start >= 2024 ? 125_000 : 100_000;
}
//# sourceMappingURL=rules-table.js.map