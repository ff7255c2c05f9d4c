export type GuardrailCategory = 'prompt_injection' | 'other_clients_data' | 'unlawful_advice' | 'guaranteed_returns';

/** The non-null guardrail shape (DESIGN.md §5). */
export interface GuardrailVerdict {
  triggered: boolean;
  category: GuardrailCategory;
  action: 'blocked';
  reason: string;
}

// Every pattern is tested against normalise(query): one line, single spaces, Latin look-alikes.
const CHECKS: Array<[GuardrailCategory, RegExp, string]> = [
  [
    'prompt_injection',
    new RegExp(
      [
        // "ignore all previous instructions", "ignore the instructions above"
        String.raw`\b(ignore|disregard|forget|override|bypass)\b.{0,40}\b(previous|prior|above|earlier|all|your|system|hidden)\b.{0,20}\b(instructions?|rules?|prompts?|guidelines?|restrictions?)\b`,
        String.raw`\b(ignore|disregard|forget|override|bypass)\b.{0,40}\b(instructions?|rules?|prompts?|guidelines?|restrictions?)\b.{0,20}\b(above|before|earlier|previously|so far)\b`,
        // "pretend you have no rules", "act as if you had no restrictions"
        String.raw`\b(pretend|imagine|act as if|suppose)\b.{0,40}\b(no|without( any)?)\s+(rules?|restrictions?|guidelines?|limits?|filters?|instructions?)\b`,
        // "print the hidden instructions", "show me your system prompt"
        String.raw`\b(print|show|reveal|repeat|output|display|tell|leak|dump)\b.{0,30}\b(hidden|secret|system|internal|original|initial|your)\s+(instructions?|prompts?|rules?)\b`,
        String.raw`\b(system\s+prompt|developer\s+mode|jailbreak|you\s+are\s+now\s+|act\s+as\s+(an?\s+)?(unrestricted|dan)\b)`,
      ].join('|'),
      'is',
    ),
    'The request tries to change or reveal the assistant’s instructions.',
  ],
  [
    'other_clients_data',
    new RegExp(
      [
        String.raw`\b(other|another|all|every|different)\s+(clients?|customers?|investors?|users?|tenants?|firms?)('s|s')?\b.{0,40}\b(data|portfolios?|holdings?|statements?|details?|pans?|accounts?|documents?|investments?)\b`,
        // "the portfolio of Rahul Sharma, another client of this firm"
        String.raw`\b(data|portfolios?|holdings?|statements?|details?|pans?|accounts?|documents?|investments?)\b.{0,60}\b(other|another|different)\s+(clients?|customers?|investors?|users?)\b`,
        String.raw`\b(someone|somebody|anyone|anybody)\s+else'?s\b`,
        String.raw`\b(show|list|give|tell)\b.{0,30}\b(everyone|everybody)('s)?\b`,
      ].join('|'),
      'is',
    ),
    'Only the documents in this session can be discussed; other clients’ data is not available.',
  ],
  [
    'guaranteed_returns',
    /\b(guarantee(d|s)?|assured|risk[-\s]?free|sure[-\s]?shot|certain)\b.{0,30}\b(returns?|profits?|gains?|income)\b|\b(double|triple)\s+my\s+money\b/is,
    'No investment return can be guaranteed; the assistant does not promise returns.',
  ],
  [
    'unlawful_advice',
    new RegExp(
      [
        String.raw`\b(insider\s+(information|info|trading|tips?|news|knowledge|details?)|unpublished\s+price[-\s]sensitive|upsi|front[-\s]?run\w*|evade|evasion|launder\w*|benami|black\s+money|pump\s+and\s+dump|manipulat\w+\s+(the\s+)?(price|market|stock))\b`,
        // "hide my income from the tax department", "conceal these gains"
        String.raw`\b(hide|hiding|conceal\w*|under[-\s]?report\w*|avoid\s+(declaring|reporting|disclosing))\b.{0,30}\b(income|money|assets|gains?|profits?|wealth|cash|earnings)\b`,
      ].join('|'),
      'is',
    ),
    'The request asks for help with something unlawful (tax evasion, insider trading, market manipulation or laundering).',
  ],
];

/** Cyrillic and Greek letters that look like Latin ones (NFKC keeps them apart). */
const CONFUSABLES: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', ѕ: 's', і: 'i', ї: 'i', ј: 'j', ԁ: 'd', һ: 'h', ԛ: 'q', ԝ: 'w',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y', Х: 'X', Ѕ: 'S', І: 'I', Ј: 'J',
  α: 'a', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x',
  Α: 'A', Β: 'B', Ε: 'E', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X', Ζ: 'Z',
};
const CONFUSABLE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'g');

/**
 * The query as the patterns read it: compatibility forms folded (NFKC: full-width and styled
 * letters), invisible format characters (zero-width spaces, soft hyphens, direction marks) removed,
 * look-alike letters mapped to Latin, curly apostrophes straightened, and every run of white space (line breaks too) one space.
 */
export function normalise(query: string): string {
  return query
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .replace(CONFUSABLE, (c) => CONFUSABLES[c])
    .replace(/[‘’ʼ]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Checks a question before it is answered; a verdict means the question is not answered. */
export function checkGuardrail(query: string): GuardrailVerdict | null {
  const text = normalise(query);
  for (const [category, pattern, reason] of CHECKS) {
    if (pattern.test(text)) return { triggered: true, category, action: 'blocked', reason };
  }
  return null;
}
