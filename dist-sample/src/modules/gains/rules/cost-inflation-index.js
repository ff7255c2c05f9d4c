/**
 * The Cost Inflation Index (base 2001-02 = 100) notified under clause (v) of the Explanation to
 * section 48 of the Income-tax Act, 1961: CBDT Notification 44/2017 (S.O. 1790(E), 5 June 2017) for
 * 2001-02 to 2017-18, and its amendments for each later year, the last Notification 70/2025 (1 July
 * 2025) for 2025-26. No index for 2026-27 had been found notified (docs/gains.md): that year is absent,
 * never estimated. Indexation applies only to long-term transfers before 23 July 2024.
 */
export const COST_INFLATION_INDEX = {
    '2001-02': 100,
    '2002-03': 105,
    '2003-04': 109,
    '2004-05': 113,
    '2005-06': 117,
    '2006-07': 122,
    '2007-08': 129,
    '2008-09': 137,
    '2009-10': 148,
    '2010-11': 167,
    '2011-12': 184,
    '2012-13': 200,
    '2013-14': 220,
    '2014-15': 240,
    '2015-16': 254,
    '2016-17': 264,
    '2017-18': 272,
    '2018-19': 280,
    '2019-20': 289,
    '2020-21': 301,
    '2021-22': 317,
    '2022-23': 331,
    '2023-24': 348,
    '2024-25': 363,
    '2025-26': 376,
};
/** The index of a financial year ("2019-20"), or null when none is notified (before 2001-02 or not yet). */
export function costInflationIndex(financialYear) {
    return COST_INFLATION_INDEX[financialYear] ?? null;
}
//# sourceMappingURL=cost-inflation-index.js.map