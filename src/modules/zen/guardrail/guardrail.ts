export type GuardrailCategory = 'prompt_injection' | 'other_clients_data' | 'unlawful_advice' | 'guaranteed_returns';

/** The non-null guardrail shape (DESIGN.md §5). */
export interface GuardrailVerdict {
  triggered: boolean;
  category: GuardrailCategory;
  action: 'blocked';
  reason: string;
}

const CHECKS: Array<[GuardrailCategory, RegExp, string]> = [
  [
    'prompt_injection',
    /\b(ignore|disregard|forget|override)\b.{0,40}\b(previous|prior|above|earlier|all|your)\b.{0,20}\b(instructions?|rules?|prompts?|guidelines?)\b|\b(system\s+prompt|developer\s+mode|jailbreak|you\s+are\s+now\s+|act\s+as\s+(an?\s+)?(unrestricted|dan)\b|reveal\s+(your|the)\s+(prompt|instructions))/i,
    'The request tries to change or reveal the assistant’s instructions.',
  ],
  [
    'other_clients_data',
    /\b(other|another|all|every|different)\s+(clients?|customers?|investors?|users?|tenants?|firms?)('s|s')?\b.{0,40}\b(data|portfolios?|holdings?|statements?|details?|pans?|accounts?|documents?)\b|\b(show|list|give|tell)\b.{0,30}\b(everyone|everybody)('s)?\b/i,
    'Only the documents in this session can be discussed; other clients’ data is not available.',
  ],
  [
    'guaranteed_returns',
    /\b(guarantee(d|s)?|assured|risk[-\s]?free|sure[-\s]?shot|certain)\b.{0,30}\b(returns?|profits?|gains?|income)\b|\b(double|triple)\s+my\s+money\b/i,
    'No investment return can be guaranteed; the assistant does not promise returns.',
  ],
  [
    'unlawful_advice',
    /\b(insider\s+(information|trading|tips?)|front[-\s]?run\w*|evade|evasion|hide\s+(income|money|assets)\s+from|launder\w*|benami|black\s+money|pump\s+and\s+dump|manipulat\w+\s+(the\s+)?(price|market|stock))\b/i,
    'The request asks for help with something unlawful (tax evasion, insider trading, market manipulation or laundering).',
  ],
];

/** Checks a question before it is answered; a verdict means the question is not answered. */
export function checkGuardrail(query: string): GuardrailVerdict | null {
  for (const [category, pattern, reason] of CHECKS) {
    if (pattern.test(query)) return { triggered: true, category, action: 'blocked', reason };
  }
  return null;
}
