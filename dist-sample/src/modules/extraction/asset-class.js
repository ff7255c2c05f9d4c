/** Words of a scheme that invests abroad: overseas funds, feeders, foreign indices. */
const ABROAD = /\bnasdaq\b|s\s*&\s*p\s*500|\bnyse\b|\bfang\b|\bu\.s\.|\bus\b|\busa\b|\bglobal\b|international|overseas|\bworld\b|emerging\s+markets?\b|\bchina\b|\bjapan\b|hang\s*seng|\btaiwan\b|\beuro(?:pe|pean)?\b|\basean\b|\bbrazil\b|latin\s+america|developed\s+markets?\b|\bfeeder\b/;
/** Scheme-name rules, tried in this order; the first that matches decides. */
const NAME_RULES = [
    // Old names whose words would mislead the rules below: SBI Magnum Global was an Indian MNC fund.
    ['Equity', /\bmagnum\s+global\b/],
    // Gold and silver (ETFs, their funds of funds, "Gold Savings").
    ['Other', /\bgold\b|\bsilver\b|precious\s+metal/],
    // Abroad: overseas funds, feeders, foreign indices — before "Technology", "Opportunities", "Equity".
    ['Other', ABROAD],
    // Real-estate and infrastructure trusts.
    ['Other', /\breit\b|\binvit\b|real\s+estate\s+investment\s+trust|infrastructure\s+investment\s+trust/],
    // Equity phrases holding debt words: tax-saving schemes (ELSS, equity by law) before "Savings",
    // dividend yield before an "Income" option.
    ['Equity', /\belss\b|\btax\s*(?:saver|savings?|relief|plan|gain|advantage|shield)\b|long\s+term\s+(?:equity|advantage)|equity\s+linked\s+sav|dividend\s+yield/],
    // Hybrid — before the debt and equity words its names contain ("Equity Savings", "Equity & Debt", "Monthly Income").
    [
        'Hybrid',
        /arbitrage|\bbalanced?\b|hybrid|dynamic\s+asset|asset\s+allocat|multi[-\s]?asset|equity\s*(?:&|and)?\s*(?:debt|bond)|debt\s*(?:&|and)\s*equity|equity\s+savings|regular\s+savings|monthly\s+income|\bmip\b|\bprudence\b|triple\s+advantage|dynamic\s+equity/,
    ],
    // Debt — before equity's "Banking", "PSU", "Opportunities", "Index".
    [
        'Debt',
        /\bliquid\b|overnight|money\s+market|\bgilt\b|\bg-?\s?secs?\b|government\s+securit|constant\s+maturity|corporate\s+bond|credit\s+risk|banking\s*(?:&|and)\s*psu|psu\s*(?:&|and)?\s*(?:bond|debt)|duration|floater|floating\s+rate|dynamic\s+bond|\bbonds?\b|\bdebt\b|(?<!equity\s)\bincome\b|treasury|fixed\s+maturity|\bfmp\b|\binterval\b|\bsdl\b|state\s+development\s+loan|target\s+maturity|(?<!retirement\s)\bsavings?\s+fund\b|(?<!retirement\s)\bsavings\b|\bcredit\b|\bmoney\s+(?:plus|manager)\b|medium\s+term|short\s+term|ultra\s+short|accrual|\bibx\b|\bt-?bills?\b|\bcash\b|\bgovt\b/,
    ],
    // Equity: SEBI's equity categories, sector and theme words, indices and ETFs, old names.
    [
        'Equity',
        /equity|equities|flexi\s*-?\s*cap|multi\s*-?\s*cap|large\s*-?\s*cap|mid\s*-?\s*cap|small\s*-?\s*cap|micro\s*-?\s*cap|large\s*(?:&|and)\s*mid|smaller\s+compan|bluechip|blue\s+chip|\bfocus(?:ed)?\b|\bvalue\b|contra|dividend\s+yield|sectoral|\bsectors?\b|thematic|technology|digital|pharma|health\s*care|banking|financial\s+services|infrastructure|consumption|consumer|\bfmcg\b|manufactur|\bpsu\b|\bcpse\b|\bmnc\b|opportunit|emerging|frontline|\bprima\b|growth\s+fund|\bindex\b|\bnifty\b|\bsensex\b|\betfs?\b|\bbees\b|momentum|quality|\balpha\b|low\s+vol|\besg\b|innovation|business\s+cycle|special\s+situation|transportation|logistics|energy|\bauto(?:motive)?\b|realty|housing|rural|\btop\s*\d+|next\s*50|mastershare|bharat\s*22|ethical|shariah|\bservices\b|commodities|natural\s+resources|core\s*(?:&|and)\s*satellite/,
    ],
];
/** Debt markers in the name of a listed (non-fund) security. */
const LISTED_DEBT = /\bbonds?\b|debenture|\bncds?\b|\bnon[-\s]?convertible|\btax\s*free\b|\d+(?:\.\d+)?\s*%/;
/** True for mutual-fund units (an ISIN issued to a fund: INF…). */
export const isFundIsin = (isin) => Boolean(isin && isin.startsWith('INF'));
/** True for an Indian listed security that is not a fund unit (INE… shares and bonds, IN0… government securities). */
export const isListedSecurityIsin = (isin) => Boolean(isin && /^IN[E0-9]/.test(isin) && !isFundIsin(isin));
/**
 * The scheme's own words: the plan and option that follow the name cut off, and the options
 * "Income Distribution cum Capital Withdrawal" and "Income Option" removed (not debt words).
 */
function schemeWords(name) {
    const full = name
        .toLowerCase()
        .replace(/income\s+distribution\s+cum\s+capital\s+withdrawal|\bincome\s+option\b/g, ' ')
        .replace(/\bgrowth\s+option\b|[-–]\s*growth\s*$/g, ' ');
    const cut = /\s*-?\s*\b(?:direct|regular|retail|institutional)\b(?:\s+plan)?\b/.exec(full);
    return { base: cut && cut.index > 0 ? full.slice(0, cut.index) : full, full };
}
/** Asset class from the scheme name alone (SEBI's category vocabulary); null when it says nothing known. */
export function assetClassFromName(name) {
    const { base, full } = schemeWords(name);
    for (const [cls, pattern] of NAME_RULES)
        if (pattern.test(base))
            return cls;
    // The whole name as a last resort: "ICICI Prudential Regular Gold Savings Fund" loses its words at "Regular".
    for (const [cls, pattern] of NAME_RULES)
        if (pattern.test(full))
            return cls;
    return null;
}
/** A listed security's class from its kind: government securities and bonds Debt, gold bonds and trusts Other, shares Equity. */
export function assetClassOfListedSecurity(name, isin) {
    const lower = name.toLowerCase();
    if (/\bgold\b/.test(lower) && LISTED_DEBT.test(lower))
        return 'Other';
    if (/\breit\b|\binvit\b|investment\s+trust/.test(lower))
        return 'Other';
    if (LISTED_DEBT.test(lower) || isin.startsWith('IN0'))
        return 'Debt';
    return 'Equity';
}
/** Asset class from name and ISIN: the security-type rule for listed securities, else the name rules. */
export function classifyAssetClass(name, isin) {
    return isin && isListedSecurityIsin(isin) ? assetClassOfListedSecurity(name, isin) : assetClassFromName(name);
}
/**
 * Asset class of a SEBI/AMFI category heading, "Open Ended Schemes(Equity Scheme - Large Cap Fund)" or
 * the bare category. Index funds and ETFs are classed by what they track (the scheme name; an Indian
 * equity index unless it names a debt index, gold or silver, or a foreign index). Headings that do not
 * say what the scheme holds (domestic funds of funds, retirement and children's funds) give null. The
 * name refines two headings: an equity category of a scheme investing abroad gives Other, and the
 * coarse pre-2018 "Growth" and "Income" of a hybrid scheme (arbitrage, equity savings, MIP) give Hybrid.
 */
/**
 * The asset class a statement prints for a holding ("Equity", "Debt Scheme - Liquid Fund", "Others"),
 * or null when the words say none.
 */
export function assetClassOfPrinted(text, schemeName = '') {
    const t = text.trim().toLowerCase();
    if (/^equity\b/.test(t))
        return 'Equity';
    if (/^debt\b/.test(t))
        return 'Debt';
    if (/^hybrid\b/.test(t))
        return 'Hybrid';
    if (/^others?$|^commodit|^gold\b|^silver\b/.test(t))
        return 'Other';
    return t ? assetClassOfCategory(text, schemeName) : null;
}
export function assetClassOfCategory(heading, schemeName = '') {
    const cls = categoryClass(heading, schemeName);
    const byName = cls ? assetClassFromName(schemeName) : null;
    // SEBI files international equity funds under equity (sectoral/thematic); foreign assets are Other here.
    if (cls === 'Equity' && byName === 'Other')
        return 'Other';
    // AMFI's coarse pre-2018 "Growth" and "Income" held arbitrage, equity-savings and MIP schemes, hybrid today.
    if ((cls === 'Equity' || cls === 'Debt') && byName === 'Hybrid' && !/scheme\s*-/i.test(heading))
        return 'Hybrid';
    return cls;
}
function categoryClass(heading, schemeName) {
    const inner = /\(([^()]*)\)\s*$/.exec(heading)?.[1] ?? heading;
    const c = inner.toLowerCase().replace(/\s+/g, ' ').trim();
    // SEBI's categories since 2018: "<Class> Scheme - <Category>".
    if (/^equity scheme\b/.test(c))
        return 'Equity';
    if (/^debt scheme\b/.test(c))
        return 'Debt';
    if (/^hybrid scheme\b/.test(c))
        return 'Hybrid';
    if (/\bgold\b|\bsilver\b/.test(c))
        return 'Other';
    if (/overseas/.test(c))
        return 'Other';
    if (/index fund|\betfs?\b/.test(c))
        return assetClassFromName(schemeName) ?? 'Equity';
    if (/solution oriented|retirement|children|fof domestic|fund of funds?\b.*domestic|\bfof\b|fund of funds?/.test(c))
        return null;
    // AMFI's categories before 2018.
    if (/\belss\b|\bgrowth\b|\bequity\b/.test(c))
        return 'Equity';
    if (/balanced|hybrid|arbitrage|monthly income|\bmip\b/.test(c))
        return 'Hybrid';
    if (/\bincome\b|\bgilt\b|liquid|money market|floating rate|\bdebt\b|\bbond\b|fixed maturity|\bfmp\b/.test(c))
        return 'Debt';
    return null;
}
//# sourceMappingURL=asset-class.js.map