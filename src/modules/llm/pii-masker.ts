/**
 * Masks personal identifiers in text bound for an outside model: PANs (also spaced, hyphenated or
 * run into other characters), Aadhaar numbers, bank account numbers, dates of birth, PIN codes,
 * e-mail addresses, phone numbers, mutual-fund folio numbers, demat account ids and the investors'
 * names become placeholders (`[PAN_1]`, `[NAME_1]`, …). Amounts, units, NAVs, transaction dates,
 * ISINs and scheme names are left as they are, so the figures still reach the model. One masking
 * session numbers placeholders consistently (the same value is always the same placeholder), so the
 * model can still tell two investors apart and its answer can be unmasked.
 */
import { Injectable } from '@nestjs/common';

export const PII_KINDS = ['PAN', 'AADHAAR', 'BANK_ACCOUNT', 'DOB', 'PIN_CODE', 'NAME', 'EMAIL', 'PHONE', 'FOLIO', 'DEMAT_ACCOUNT'] as const;
export type PiiKind = (typeof PII_KINDS)[number];

/** A placeholder of any masking session, e.g. `[PAN_1]`. */
export const PII_PLACEHOLDER = new RegExp(String.raw`\[(?:${PII_KINDS.join('|')})_\d+\]`, 'g');

/** An identifier the caller already knows (e.g. from the extraction), masked wherever it appears. */
export interface KnownIdentifier {
  kind: PiiKind;
  value: string;
}

/** What an extraction knows of its investors, as far as the masker needs it. */
interface ExtractedEntity {
  entity_name: string | null;
  pan: string | null;
  holdings: Array<{ folio?: string | null; account_id?: string | null }>;
}

/** The personal identifiers an extraction found (names, PANs, folios, demat accounts), to be masked wherever they appear. */
export function extractionIdentifiers(entities: ExtractedEntity[]): KnownIdentifier[] {
  const out: KnownIdentifier[] = [];
  for (const e of entities) {
    if (e.entity_name) out.push({ kind: 'NAME', value: e.entity_name });
    if (e.pan) out.push({ kind: 'PAN', value: e.pan });
    for (const h of e.holdings) {
      if (h.folio) out.push({ kind: 'FOLIO', value: h.folio });
      if (h.account_id) out.push({ kind: 'DEMAT_ACCOUNT', value: h.account_id });
    }
  }
  return out;
}

/** Verhoeff check (the Aadhaar check digit is the last of the 12). */
const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

export function isValidAadhaar(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^[2-9]\d{11}$/.test(digits)) return false;
  let check = 0;
  [...digits].reverse().forEach((digit, i) => (check = VERHOEFF_D[check][VERHOEFF_P[i % 8][Number(digit)]]));
  return check === 0;
}

/** Number groups do not start or end inside a longer number (amounts like 12,34,567.89 stay whole). */
const NOT_AFTER_NUMBER = String.raw`(?<![\w.,+/])`;
const NOT_BEFORE_NUMBER = String.raw`(?![\w/]|[.,]\d)`;

const MONTH = String.raw`(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)`;
/** A written date: 23/01/1987, 23-01-87, 23-Jan-1987, 23rd January 1987, January 23, 1987, 1987-01-23. */
const DATE = String.raw`(?:\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})|\d{1,2}(?:st|nd|rd|th)?[\s/.-]*${MONTH}\.?[\s/.,-]*(?:\d{4}|\d{2})|${MONTH}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d{4}-\d{2}-\d{2})(?![\d/])`;
/** DDMMYYYY, as in CAS passwords. */
const DDMMYYYY = String.raw`(?:0[1-9]|[12]\d|3[01])(?:0[1-9]|1[0-2])(?:19|20)\d{2}(?!\d)`;
const PIN = String.raw`[1-9]\d{2}\s?\d{3}`;
const IFSC = String.raw`(?<![A-Z0-9])[A-Z]{4}0[A-Z0-9]{6}(?![A-Z0-9])`;

interface Rule {
  kind: PiiKind;
  /** A group named `id` masks only that part (the label before it stays, e.g. "Folio No: [FOLIO_1]"). */
  pattern: RegExp;
  /** A further check of the candidate (e.g. a check digit); without it every match is masked. */
  accept?: (id: string) => boolean;
  /** For a known identifier: the value its placeholder stands for, however the text writes it. */
  value?: string;
}

/**
 * Rules in the order they are applied. E-mails go first (their local part may hold digits), then the
 * long numeric ids, so a 10-digit folio, a 16-digit BO ID or a bank account is not taken for a phone
 * number, and a labelled account number is not taken for an Aadhaar number.
 */
const RULES: Rule[] = [
  { kind: 'EMAIL', pattern: /[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}/gi },
  // NSDL: DP ID "IN300126" with the 8-digit client id ("IN300126 / 11223344", "IN30012611223344").
  { kind: 'DEMAT_ACCOUNT', pattern: /\bIN\d{6}(?:\s*[/-]\s*|\s*)\d{8}\b/g },
  // Labelled ids: "DP ID: IN300126", "Client ID 11223344", "BO ID: 1208160012345678", "Demat A/c No. …".
  {
    kind: 'DEMAT_ACCOUNT',
    pattern:
      /\b(?:DP\s*ID|Client\s*ID|BO\s*ID|Beneficiary\s*(?:Owner\s*)?ID|Demat\s*(?:Account|A\/c)(?:\s*(?:No\.?|Number))?)\s*[:#-]?\s*(?<id>IN\d{6}|\d{8}(?:\d{8})?|\d{4}(?:[\s-]\d{4}){3})\b/gi,
  },
  // CDSL BO ID: 16 digits, also printed in groups of four.
  { kind: 'DEMAT_ACCOUNT', pattern: new RegExp(`${NOT_AFTER_NUMBER}\\d{4}(?:[\\s-]?\\d{4}){3}${NOT_BEFORE_NUMBER}`, 'g') },
  // Labelled folio: "Folio No: 1234567 / 89", "Folio Number 12345678", "folio #AB123456".
  { kind: 'FOLIO', pattern: /\bFolio(?:\s*(?:No\.?|Number|#))?\s*[:#-]?\s*(?<id>(?=[A-Z]*\d)[A-Z0-9]{4,}(?:\s*\/\s*[A-Z0-9]+)?)/gi },
  // The CAMS/KFintech way of printing a folio without its label: "1234567 / 89".
  { kind: 'FOLIO', pattern: new RegExp(`${NOT_AFTER_NUMBER}\\d{5,12}\\s*\\/\\s*\\d{1,4}${NOT_BEFORE_NUMBER}`, 'g') },
  // PANs: whole ("ABCDE1234F", any case); spaced or hyphenated ("ABCDE 1234 F", "ABCDE-1234-F") in
  // capitals or after a PAN label; run into other characters ("myPANisABCDE1234F", the CAS password
  // "ABCDE1234F01011990") in capitals or all in small letters. Unlabelled, the fourth letter must be
  // one the Income Tax Department gives (the holder's status: P for a person, C for a company, …).
  { kind: 'PAN', pattern: /(?<![A-Z0-9])[A-Z]{5}[0-9]{4}[A-Z](?![A-Z0-9])/gi },
  { kind: 'PAN', pattern: /\bPAN(?:\s*(?:No\.?|Number|Card|is|[:#=-]))*\s*(?<id>[A-Z]{5}[\s-]{0,3}[0-9]{4}[\s-]{0,3}[A-Z])(?![A-Z0-9])/gi },
  { kind: 'PAN', pattern: /(?<![A-Z0-9])[A-Z]{3}[ABCEFGHJLPT][A-Z][ -]{0,3}[0-9]{4}[ -]{0,3}[A-Z](?![A-Z0-9])/g },
  { kind: 'PAN', pattern: /[A-Z]{3}[ABCEFGHJLPT][A-Z][0-9]{4}[A-Z]|[a-z]{3}[abcefghjlpt][a-z][0-9]{4}[a-z]/g },
  // The rest of the CAS password form: the date of birth right after the PAN.
  { kind: 'DOB', pattern: new RegExp(`(?<=\\[PAN_\\d+\\])${DDMMYYYY}`, 'g') },
  // Dates of birth and PIN codes after their label.
  {
    kind: 'DOB',
    pattern: new RegExp(`(?<![A-Z])(?:D\\.?\\s?O\\.?\\s?B\\.?|Date\\s+of\\s+Birth|Birth\\s*Date|Born(?:\\s+on)?)(?![A-Z])\\s*(?:is|was|[:=#-])?\\s*(?<id>${DATE}|${DDMMYYYY})`, 'gi'),
  },
  {
    kind: 'PIN_CODE',
    pattern: new RegExp(`(?<![A-Z])(?:PIN(?:\\s*Code)?|Pincode|Postal\\s*Code|Zip(?:\\s*Code)?)(?![A-Z])\\s*(?:No\\.?)?\\s*(?:is|[:=#.-])?\\s*(?<id>${PIN})${NOT_BEFORE_NUMBER}`, 'gi'),
  },
  // Bank account numbers: after an account label ("A/c No: …", "Account Number …", "Bank A/C …"), or
  // beside an IFSC ("50100123456789 IFSC HDFC0001234", "IFSC: HDFC0001234 A/c 50100123456789").
  {
    kind: 'BANK_ACCOUNT',
    pattern: new RegExp(`(?<![A-Z])(?:A\\/c|Acct|Account)\\.?(?:\\s*(?:No\\.?|Number|Num|#))?\\s*[:=#.-]?\\s*(?<id>\\d(?:[ -]?\\d){5,17})${NOT_BEFORE_NUMBER}`, 'gi'),
  },
  { kind: 'BANK_ACCOUNT', pattern: new RegExp(`${NOT_AFTER_NUMBER}\\d{9,18}${NOT_BEFORE_NUMBER}(?=[^\\d\\n]{0,40}${IFSC})`, 'gi') },
  { kind: 'BANK_ACCOUNT', pattern: new RegExp(`${IFSC}[^\\d\\n]{0,40}?(?<id>\\d{9,18})${NOT_BEFORE_NUMBER}`, 'gi') },
  // Aadhaar: 12 digits, the first 2-9, in 4-4-4 groups or not, with a valid Verhoeff check digit.
  { kind: 'AADHAAR', pattern: new RegExp(`${NOT_AFTER_NUMBER}[2-9]\\d{3}([\\s-]?)\\d{4}\\1\\d{4}${NOT_BEFORE_NUMBER}`, 'g'), accept: isValidAadhaar },
  // Indian mobiles (+91 / 0 prefix optional; spaces or hyphens anywhere), then landlines with a
  // trunk or country prefix ("022-2456 7890", "+91 80 4567 8901").
  { kind: 'PHONE', pattern: new RegExp(`${NOT_AFTER_NUMBER}(?:(?:\\+|00)91[\\s-]?|0)?[6-9]\\d(?:[\\s-]?\\d){8}${NOT_BEFORE_NUMBER}`, 'g') },
  { kind: 'PHONE', pattern: new RegExp(`${NOT_AFTER_NUMBER}(?:(?:\\+|00)91[\\s-]?\\(?0?|\\(?0)[1-9]\\d{1,3}\\)?[\\s-]?\\d(?:[\\s-]?\\d){5,7}${NOT_BEFORE_NUMBER}`, 'g') },
];

/**
 * The investor block: the lines from one naming the investor (a masked name or PAN) onwards, up to
 * this many, until the statement's figures begin (a folio, an ISIN, an amount with decimals).
 */
const INVESTOR_BLOCK_LINES = 10;
const OPENS_INVESTOR_BLOCK = /\[(?:NAME|PAN)_\d+\]/;
const ENDS_INVESTOR_BLOCK = /\bFolio\b|\bISIN\b|\bIN[EF0-9][A-Z0-9]{8}\d\b|(?<![\d.])\d[\d,]*\.\d{2,4}(?![.\d])/i;
/** Inside the block: a PIN code after its town ("Chennai - 600074", "Pune, 411001") or ending the line. */
const BLOCK_PIN = new RegExp(`(?<![\\w.+/])(?<!(?:Rs\\.?|INR|₹)\\s*)(?:(?<=[-,–]\\s*)${PIN}|${PIN}(?=\\s*[,.]?\\s*$))${NOT_BEFORE_NUMBER}(?!\\s*\\/)`, 'gi');
const BLOCK_DATE = new RegExp(`(?<![\\w/.-])${DATE}`, 'gi');
/** A date in the block is a date of birth when it is at least this many years old (statement dates are recent). */
const BIRTH_DATE_MIN_AGE_YEARS = 10;

/** Values of these kinds, once found, are masked wherever else they appear in the session's text. */
const REPEATED_KINDS: ReadonlySet<PiiKind> = new Set(['AADHAAR', 'BANK_ACCOUNT', 'DOB', 'PIN_CODE']);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * Canonical form of a value, so "1234567 / 89" and "1234567/89", "ABCDE-1234-F" and "ABCDE1234F",
 * "23/01/1987" and "23011987" are one identifier.
 */
const canonical = (kind: PiiKind, value: string) => value.replace(kind === 'DOB' ? /[\s/.,-]+/g : kind === 'PAN' || REPEATED_KINDS.has(kind) ? /[\s-]+/g : /\s+/g, '').toUpperCase();

/** The year of a written date, or null when it has none that can be read. */
function yearOf(date: string): number | null {
  const year = /\d{4}/.exec(date)?.[0] ?? /\d{2}$/.exec(date.trim())?.[0];
  if (!year) return null;
  if (year.length === 4) return Number(year);
  const now = new Date().getUTCFullYear() % 100;
  return Number(year) > now ? 1900 + Number(year) : 2000 + Number(year);
}

/** A known identifier as a pattern: any spacing around separators, names across line breaks, PANs however written. */
function knownPattern({ kind, value }: KnownIdentifier): RegExp {
  const trimmed = value.trim();
  if (kind === 'PAN' && /^[A-Z]{5}\d{4}[A-Z]$/i.test(trimmed)) {
    return new RegExp(`${trimmed.slice(0, 5)}[\\s-]{0,3}${trimmed.slice(5, 9)}[\\s-]{0,3}${trimmed[9]}`, 'gi');
  }
  if (kind === 'NAME') {
    // Whole words in any case, however many spaces or line breaks between them ("R. K. Sharma" too).
    const body = trimmed
      .split(/\s+/)
      .map((word, i, words) => escapeRegExp(word) + (i === words.length - 1 ? '' : word.endsWith('.') ? '\\s*' : '\\s+'))
      .join('');
    return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'giu');
  }
  const body = trimmed
    .split(/\s*([/-])\s*|\s+/)
    .filter((part) => part !== undefined && part !== '')
    .map((part) => (part === '/' || part === '-' ? `\\s*${escapeRegExp(part)}\\s*` : escapeRegExp(part)))
    .join('\\s*');
  return new RegExp(`(?<![A-Z0-9])${body}(?![A-Z0-9])`, 'gi');
}

/** Known identifiers as rules; a name of three words or more is also masked as its first and last ("Meera Nair" for "Meera Krishnan Nair"). */
function knownRules(known: KnownIdentifier[]): Rule[] {
  const rules: Array<Rule & { length: number }> = [];
  for (const k of known) {
    if (canonical(k.kind, k.value).length < 4) continue;
    const value = k.value.trim().replace(/\s+/g, ' ');
    rules.push({ kind: k.kind, pattern: knownPattern(k), value, length: value.length });
    const words = k.kind === 'NAME' ? value.split(' ') : [];
    if (words.length >= 3 && !words[0].endsWith('.')) {
      const short = `${words[0]} ${words[words.length - 1]}`;
      rules.push({ kind: 'NAME', pattern: knownPattern({ kind: 'NAME', value: short }), value, length: short.length });
    }
  }
  // Longer values first, so a folio is not masked inside a longer one.
  return rules.sort((a, b) => b.length - a.length);
}

/** One request's masking: consistent placeholders, and the way back. */
export class PiiMasking {
  private readonly byValue = new Map<string, string>();
  private readonly byPlaceholder = new Map<string, string>();
  private readonly counters = new Map<PiiKind, number>();
  private readonly known: Rule[];

  constructor(known: KnownIdentifier[] = []) {
    this.known = knownRules(known);
  }

  /** How many distinct identifiers were masked so far. */
  get masked(): number {
    return this.byValue.size;
  }

  mask(text: string): string {
    let out = text;
    for (const rule of [...this.known, ...RULES]) out = this.apply(out, rule);
    out = this.maskInvestorBlocks(out);
    return this.maskRepeated(out);
  }

  /** Puts the original values back in place of this session's placeholders (e.g. in the model's answer). */
  unmask(text: string): string {
    return text.replace(PII_PLACEHOLDER, (placeholder) => this.byPlaceholder.get(placeholder) ?? placeholder);
  }

  private apply(text: string, { kind, pattern, accept, value }: Rule): string {
    return text.replace(pattern, (...args: unknown[]) => {
      const match = args[0] as string;
      const groups = args[args.length - 1] as Record<string, string | undefined> | string;
      const id = typeof groups === 'object' && groups?.id ? groups.id : match;
      if (accept && !accept(id)) return match;
      const placeholder = this.placeholder(kind, value ?? id);
      return id === match ? placeholder : match.slice(0, match.length - id.length) + placeholder;
    });
  }

  /** PIN codes and dates of birth printed without a label in the lines that name the investor. */
  private maskInvestorBlocks(text: string): string {
    const oldestStatementYear = new Date().getUTCFullYear() - BIRTH_DATE_MIN_AGE_YEARS;
    let left = 0;
    return text
      .split('\n')
      .map((line) => {
        if (ENDS_INVESTOR_BLOCK.test(line)) {
          left = 0;
          return line;
        }
        if (OPENS_INVESTOR_BLOCK.test(line)) left = INVESTOR_BLOCK_LINES;
        if (left === 0) return line;
        left--;
        let out = this.apply(line, { kind: 'PIN_CODE', pattern: BLOCK_PIN });
        // A line with two dates is a period ("01-Apr-2025 to 30-Sep-2025"), not a birth date.
        if ((out.match(BLOCK_DATE) ?? []).length === 1) {
          out = this.apply(out, { kind: 'DOB', pattern: BLOCK_DATE, accept: (date) => (yearOf(date) ?? Infinity) <= oldestStatementYear });
        }
        return out;
      })
      .join('\n');
  }

  /** Masks again, wherever it appears, every Aadhaar, account, birth date and PIN code found so far. */
  private maskRepeated(text: string): string {
    let out = text;
    for (const [placeholder, value] of this.byPlaceholder) {
      const kind = placeholder.slice(1, placeholder.lastIndexOf('_')) as PiiKind;
      if (!REPEATED_KINDS.has(kind)) continue;
      const body = /^[\d\s-]+$/.test(value) ? [...value.replace(/\D/g, '')].join('[\\s-]?') : escapeRegExp(value).replace(/\s+/g, '\\s+');
      out = out.replace(new RegExp(`${NOT_AFTER_NUMBER}${body}${NOT_BEFORE_NUMBER}`, 'gi'), placeholder);
    }
    return out;
  }

  private placeholder(kind: PiiKind, value: string): string {
    const key = `${kind}:${canonical(kind, value)}`;
    let placeholder = this.byValue.get(key);
    if (!placeholder) {
      const n = (this.counters.get(kind) ?? 0) + 1;
      this.counters.set(kind, n);
      placeholder = `[${kind}_${n}]`;
      this.byValue.set(key, placeholder);
      this.byPlaceholder.set(placeholder, value.replace(/\s+/g, ' '));
    }
    return placeholder;
  }
}

/** The text without personal identifiers (for a web search query): they never leave the service. */
export const withoutIdentifiers = (text: string, known: KnownIdentifier[] = []): string =>
  new PiiMasking(known).mask(text).replace(PII_PLACEHOLDER, ' ').replace(/\s+/g, ' ').trim();

@Injectable()
export class PiiMasker {
  /** A masking session for one request; `known` identifiers are masked wherever they appear. */
  session(known: KnownIdentifier[] = []): PiiMasking {
    return new PiiMasking(known);
  }

  mask(text: string, known: KnownIdentifier[] = []): string {
    return this.session(known).mask(text);
  }
}
