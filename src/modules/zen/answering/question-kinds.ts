export type QuestionKind = 'total_value' | 'allocation' | 'concentration' | 'largest_holdings' | 'scheme_detail' | 'gains' | 'changes' | 'open';

const RULES: Array<[QuestionKind, RegExp]> = [
  ['changes', /\b(what\s+changed|changes?|transactions?|bought|sold|redeem(ed|ptions?)?|purchas(ed|es)|sip\s+instal+ments?|invested\s+(in|during|between)|between\s+\d|since\s+\d)\b/i],
  ['gains', /\b(gains?|profit|loss|returns?|xirr|appreciation|cost\s+(value|basis)|how\s+much\s+(have\s+i|did\s+i)\s+(made|make|earn))\b/i],
  ['allocation', /\b(allocation|asset\s+(mix|class(es)?)|equity\s+(vs|versus|and)\s+debt|split\s+between|how\s+much\s+(is\s+)?in\s+(equity|debt|hybrid))\b/i],
  ['concentration', /\b(concentrat\w*|diversif\w*|risk(y|iest)?|exposure)\b/i],
  ['largest_holdings', /\b(largest|biggest|top\s*\d*|main|major)\s+(holdings?|schemes?|funds?|positions?|investments?)\b/i],
  ['total_value', /\b(total|overall|whole|entire|net)\b.*\b(value|worth|aum|portfolio|corpus)\b|\bhow\s+much\s+is\s+(my|the)\s+portfolio\b|\bportfolio\s+(value|worth)\b|\bworth\b/i],
  ['scheme_detail', /\b(units?|nav|how\s+many|price|value\s+of|holding\s+in|invested\s+in)\b|\b[A-Z]{2}[A-Z0-9]{9}\d\b/i],
];

/** What a question asks, by its wording; anything else is an open question for retrieval. */
export function classifyQuestion(query: string): QuestionKind {
  for (const [kind, pattern] of RULES) if (pattern.test(query)) return kind;
  return 'open';
}
