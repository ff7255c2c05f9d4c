/**
 * Enrichment: what a holding's name and ISIN say about it.
 *
 * - Asset class from SEBI category words in the scheme name (liquid, gilt, corporate bond → Debt;
 *   arbitrage, balanced advantage, multi asset → Hybrid; ELSS, flexi cap, index, ETF → Equity;
 *   gold, silver, overseas, fund of funds → Other). Listed securities (INE… ISINs) are Equity
 *   unless the name says bond/debenture.
 * - Plan (Direct/Regular) and option (Growth/IDCW, old "Dividend" wording included).
 * - AMC names normalised to "<Brand> Mutual Fund"; for fund units held in demat the AMC is
 *   recognised from the scheme name or, failing that, the ISIN's issuer code.
 *
 * Nothing is invented: an unrecognised name leaves the field null.
 */
import type { AssetClass, Entity, ExtractionDraft, Holding } from './types.js';

/** Words that place a scheme, checked in this order (the first class that matches wins). */
const ASSET_RULES: Array<[AssetClass, RegExp]> = [
  [
    'Other',
    /\bgold\b|\bsilver\b|commodit|\bnasdaq\b|s\s*&\s*p\s*500|\bus\b|\bu\.s\.|\bglobal\b|international|overseas|\bworld\b|\bfof\b|fund\s+of\s+funds?|\bfeeder\b|emerging\s+markets|\bchina\b|\bjapan\b|hang\s+seng|\breit\b|\binvit\b/,
  ],
  [
    'Hybrid',
    /arbitrage|balanced|hybrid|dynamic\s+asset|asset\s+allocat|multi[-\s]?asset|equity\s*(?:&|and)\s*debt|debt\s*(?:&|and)\s*equity|equity\s+savings|dynamic\s+allocation/,
  ],
  [
    'Debt',
    /liquid|overnight|money\s+market|\bgilt\b|g-?sec|government\s+securit|corporate\s+bond|credit\s+risk|banking\s*(?:&|and)\s*psu|psu\s+(?:bond|debt)|duration|floater|floating\s+rate|\bbond\b|\bdebt\b|\bincome\b|treasury|fixed\s+maturity|\bfmp\b|\binterval\b|\bsdl\b|target\s+maturity|savings\s+fund|medium\s+term|short\s+term|ultra\s+short|accrual|\bibx\b|segregated\s+portfolio/,
  ],
  [
    'Equity',
    /equity|\belss\b|tax\s*sav|flexi\s*-?cap|multi\s*-?cap|large\s*-?cap|mid\s*-?cap|small\s*-?cap|bluechip|blue\s+chip|focused|\bvalue\b|contra|dividend\s+yield|sector|thematic|technology|digital|pharma|healthcare|banking|financial\s+services|infrastructure|consumption|\bfmcg\b|manufactur|\bpsu\b|\bmnc\b|opportunit|emerging|frontline|\bprima\b|growth\s+fund|\bindex\b|\bnifty\b|\bsensex\b|\betf\b|\bbees\b|momentum|quality|\balpha\b|low\s+vol|\besg\b|innovation|business\s+cycle|special\s+situation|transportation|energy|\bauto\b|realty|housing|rural|top\s*\d+|next\s*50/,
  ],
];

/** Debt markers in the name of a listed (non-fund) security. */
const LISTED_DEBT = /\bbonds?\b|debenture|\bncds?\b|\bnon[-\s]?convertible|\btax\s*free\b|\d+(?:\.\d+)?\s*%/;

/** The scheme's own name, without the plan and option that follow it. */
function baseName(name: string): string {
  const cut = /\s*-?\s*\b(?:Direct|Regular|Retail|Institutional)\b(?:\s+Plan)?\b/i.exec(name);
  return (cut && cut.index > 0 ? name.slice(0, cut.index) : name).toLowerCase();
}

/** Asset class of a holding from its name and ISIN; null when the name says nothing known. */
export function classifyAssetClass(name: string, isin?: string | null): AssetClass | null {
  const lower = name.toLowerCase();
  if (isin && /^IN[E0-9]/.test(isin) && !isin.startsWith('INF')) {
    // A listed security: government securities and bonds are debt, gold bonds other, shares equity.
    if (/\bgold\b/.test(lower) && LISTED_DEBT.test(lower)) return 'Other';
    if (LISTED_DEBT.test(lower) || /^IN0/.test(isin)) return 'Debt';
    return 'Equity';
  }
  const base = baseName(name);
  for (const [cls, pattern] of ASSET_RULES) if (pattern.test(base)) return cls;
  // The full name (plan/option included) as a last resort, e.g. "… Gold" after the plan.
  for (const [cls, pattern] of ASSET_RULES) if (pattern.test(lower.replace(/\bgrowth\b/g, ''))) return cls;
  return null;
}

/** True for mutual-fund units (ISIN issued to a fund: INF…). */
const isFundIsin = (isin: string | null | undefined): boolean => Boolean(isin && isin.startsWith('INF'));

export function detectPlan(name: string): 'Direct' | 'Regular' | null {
  if (/\bdirect\b/i.test(name)) return 'Direct';
  if (/\bregular\b/i.test(name)) return 'Regular';
  return null;
}

export function detectOption(name: string): 'Growth' | 'IDCW' | null {
  const plan = /\b(?:Direct|Regular)\b(?:\s+Plan)?/i.exec(name);
  const tail = plan ? name.slice(plan.index + plan[0].length) : name;
  if (/\bIDCW\b|dividend|\bdiv\b|payout|reinvest|income\s+distribution/i.test(tail)) return 'IDCW';
  if (/\bgrowth\b/i.test(tail)) return plan || /[-–]\s*growth\b|\bgrowth\s*(?:option|plan)?\s*$/i.test(tail) ? 'Growth' : null;
  return null;
}

/** Canonical AMC names and how they are written (brand at the start of a scheme name, or anywhere). */
const AMCS: Array<[string, RegExp]> = [
  ['Aditya Birla Sun Life Mutual Fund', /aditya\s+birla|birla\s+sun\s+life|^absl\b/],
  ['Axis Mutual Fund', /^axis\b/],
  ['Bajaj Finserv Mutual Fund', /^bajaj\s+finserv/],
  ['Bandhan Mutual Fund', /^bandhan\b|^idfc\b/],
  ['Bank of India Mutual Fund', /^bank\s+of\s+india\b|^boi\b/],
  ['Baroda BNP Paribas Mutual Fund', /^baroda\b|bnp\s+paribas/],
  ['Canara Robeco Mutual Fund', /canara\s+robeco/],
  ['DSP Mutual Fund', /^dsp\b/],
  ['Edelweiss Mutual Fund', /^edelweiss\b/],
  ['Franklin Templeton Mutual Fund', /^franklin\b|templeton/],
  ['Groww Mutual Fund', /^groww\b/],
  ['HDFC Mutual Fund', /^hdfc\b/],
  ['HSBC Mutual Fund', /^hsbc\b|^l\s*&\s*t\b/],
  ['ICICI Prudential Mutual Fund', /^icici\b/],
  ['Invesco Mutual Fund', /^invesco\b/],
  ['ITI Mutual Fund', /^iti\b/],
  ['JM Financial Mutual Fund', /^jm\b/],
  ['Kotak Mahindra Mutual Fund', /^kotak\b/],
  ['LIC Mutual Fund', /^lic\b/],
  ['Mahindra Manulife Mutual Fund', /^mahindra\s+manulife/],
  ['Mirae Asset Mutual Fund', /^mirae\b/],
  ['Motilal Oswal Mutual Fund', /^motilal\b/],
  ['Navi Mutual Fund', /^navi\b/],
  ['Nippon India Mutual Fund', /^nippon\b|^reliance\s+(?:mutual|etf|.*fund)/],
  ['NJ Mutual Fund', /^nj\b/],
  ['PGIM India Mutual Fund', /^pgim\b/],
  ['PPFAS Mutual Fund', /^ppfas\b|^parag\s+parikh/],
  ['Quant Mutual Fund', /^quant\b/],
  ['Quantum Mutual Fund', /^quantum\b/],
  ['SBI Mutual Fund', /^sbi\b/],
  ['Shriram Mutual Fund', /^shriram\b/],
  ['Sundaram Mutual Fund', /^sundaram\b/],
  ['Tata Mutual Fund', /^tata\b/],
  ['Taurus Mutual Fund', /^taurus\b/],
  ['Union Mutual Fund', /^union\b/],
  ['UTI Mutual Fund', /^uti\b/],
  ['WhiteOak Capital Mutual Fund', /^white\s*oak/],
  ['360 ONE Mutual Fund', /^360\s*one\b|^iifl\b/],
  ['Samco Mutual Fund', /^samco\b/],
  ['Helios Mutual Fund', /^helios\b/],
  ['Zerodha Mutual Fund', /^zerodha\b/],
  ['Old Bridge Mutual Fund', /^old\s+bridge\b/],
];

/** ISIN issuer codes (characters 3–6 of INF ISINs) of the larger AMCs. */
const ISIN_ISSUERS: Record<string, string> = {
  '179K': 'HDFC Mutual Fund',
  '109K': 'ICICI Prudential Mutual Fund',
  '200K': 'SBI Mutual Fund',
  '174K': 'Kotak Mahindra Mutual Fund',
  '209K': 'Aditya Birla Sun Life Mutual Fund',
  '740K': 'DSP Mutual Fund',
  '090I': 'Franklin Templeton Mutual Fund',
  '846K': 'Axis Mutual Fund',
  '204K': 'Nippon India Mutual Fund',
  '247L': 'Motilal Oswal Mutual Fund',
  '769K': 'Mirae Asset Mutual Fund',
  '789F': 'UTI Mutual Fund',
  '277K': 'Tata Mutual Fund',
  '879O': 'PPFAS Mutual Fund',
};

const titleCase = (s: string): string => s.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());

/** "HDFC MF", "hdfc mutual fund" → "HDFC Mutual Fund"; unknown names are tidied, not replaced. */
export function normaliseAmcName(name: string): string {
  const clean = name.replace(/\s+/g, ' ').trim();
  const lower = clean.toLowerCase();
  for (const [canonical, pattern] of AMCS) if (pattern.test(lower)) return canonical;
  const base = clean.replace(/\s*(?:Mutual\s*Fund|MF|Asset\s+Management.*|AMC)\s*$/i, '').trim();
  const tidy = base === base.toUpperCase() ? titleCase(base) : base;
  return tidy ? `${tidy} Mutual Fund` : clean;
}

/** The AMC of a fund from its scheme name, or its ISIN's issuer code; null when unknown. */
export function amcFromScheme(name: string, isin?: string | null): string | null {
  const lower = name.toLowerCase().trim();
  for (const [canonical, pattern] of AMCS) if (pattern.test(lower)) return canonical;
  if (isin && isFundIsin(isin)) return ISIN_ISSUERS[isin.slice(3, 7)] ?? null;
  return null;
}

export function enrichHolding(h: Holding): Holding {
  const fund = isFundIsin(h.isin);
  const amc = h.amc ? normaliseAmcName(h.amc) : fund ? amcFromScheme(h.scheme_name, h.isin) : null;
  return {
    ...h,
    amc,
    // The rules decide; a class already on the holding (only a language model's reading sets one) is
    // kept only where they do not know.
    asset_class: classifyAssetClass(h.scheme_name, h.isin) ?? h.asset_class,
    plan: fund ? detectPlan(h.scheme_name) : null,
    option: fund ? detectOption(h.scheme_name) : null,
    transactions: h.transactions.map((t) => ({ ...t })),
  };
}

export function enrichExtraction(draft: ExtractionDraft): ExtractionDraft {
  const entities: Entity[] = draft.entities.map((e) => ({ ...e, holdings: e.holdings.map(enrichHolding) }));
  return { ...draft, period: { ...draft.period }, entities };
}
