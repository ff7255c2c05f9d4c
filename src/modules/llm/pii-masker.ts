/**
 * Masks personal identifiers in text bound for an outside model: PANs, e-mail addresses, phone
 * numbers, mutual-fund folio numbers and demat account ids become placeholders (`[PAN_1]`,
 * `[FOLIO_2]`, …). Amounts, units, NAVs, dates, ISINs and scheme names are left as they are, so
 * the figures still reach the model. One masking session numbers placeholders consistently (the
 * same value is always the same placeholder), so the model can still tell two investors apart and
 * its answer can be unmasked.
 */
import { Injectable } from '@nestjs/common';

export type PiiKind = 'PAN' | 'EMAIL' | 'PHONE' | 'FOLIO' | 'DEMAT_ACCOUNT';

/** An identifier the caller already knows (e.g. from the extraction), masked wherever it appears. */
export interface KnownIdentifier {
  kind: PiiKind;
  value: string;
}

/** Number groups do not start or end inside a longer number (amounts like 12,34,567.89 stay whole). */
const NOT_AFTER_NUMBER = String.raw`(?<![\w.,+/])`;
const NOT_BEFORE_NUMBER = String.raw`(?![\w/]|[.,]\d)`;

/**
 * Patterns in the order they are applied; a group named `id` masks only that part (the label before
 * it stays, e.g. "Folio No: [FOLIO_1]"). E-mails go first (their local part may hold digits), then
 * the long numeric ids, so a 10-digit folio or a 16-digit BO ID is not taken for a phone number.
 */
const PATTERNS: Array<[PiiKind, RegExp]> = [
  ['EMAIL', /[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}/gi],
  // NSDL: DP ID "IN300126" with the 8-digit client id ("IN300126 / 11223344", "IN30012611223344").
  ['DEMAT_ACCOUNT', /\bIN\d{6}(?:\s*[/-]\s*|\s*)\d{8}\b/g],
  // Labelled ids: "DP ID: IN300126", "Client ID 11223344", "BO ID: 1208160012345678", "Demat A/c No. …".
  [
    'DEMAT_ACCOUNT',
    /\b(?:DP\s*ID|Client\s*ID|BO\s*ID|Beneficiary\s*(?:Owner\s*)?ID|Demat\s*(?:Account|A\/c)(?:\s*(?:No\.?|Number))?)\s*[:#-]?\s*(?<id>IN\d{6}|\d{8}(?:\d{8})?|\d{4}(?:[\s-]\d{4}){3})\b/gi,
  ],
  // CDSL BO ID: 16 digits, also printed in groups of four.
  ['DEMAT_ACCOUNT', new RegExp(`${NOT_AFTER_NUMBER}\\d{4}(?:[\\s-]?\\d{4}){3}${NOT_BEFORE_NUMBER}`, 'g')],
  // Labelled folio: "Folio No: 1234567 / 89", "Folio Number 12345678", "folio #AB123456".
  ['FOLIO', /\bFolio(?:\s*(?:No\.?|Number|#))?\s*[:#-]?\s*(?<id>(?=[A-Z]*\d)[A-Z0-9]{4,}(?:\s*\/\s*[A-Z0-9]+)?)/gi],
  // The CAMS/KFintech way of printing a folio without its label: "1234567 / 89".
  ['FOLIO', new RegExp(`${NOT_AFTER_NUMBER}\\d{5,12}\\s*\\/\\s*\\d{1,4}${NOT_BEFORE_NUMBER}`, 'g')],
  ['PAN', /(?<![A-Z0-9])[A-Z]{5}[0-9]{4}[A-Z](?![A-Z0-9])/gi],
  // Indian mobiles (+91 / 0 prefix optional; spaces or hyphens anywhere), then landlines with a
  // trunk or country prefix ("022-2456 7890", "+91 80 4567 8901").
  ['PHONE', new RegExp(`${NOT_AFTER_NUMBER}(?:(?:\\+|00)91[\\s-]?|0)?[6-9]\\d(?:[\\s-]?\\d){8}${NOT_BEFORE_NUMBER}`, 'g')],
  ['PHONE', new RegExp(`${NOT_AFTER_NUMBER}(?:(?:\\+|00)91[\\s-]?\\(?0?|\\(?0)[1-9]\\d{1,3}\\)?[\\s-]?\\d(?:[\\s-]?\\d){5,7}${NOT_BEFORE_NUMBER}`, 'g')],
];

const PLACEHOLDER = /\[(?:PAN|EMAIL|PHONE|FOLIO|DEMAT_ACCOUNT)_\d+\]/g;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Canonical form of a value, so "1234567 / 89" and "1234567/89" are one identifier. */
const canonical = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** One request's masking: consistent placeholders, and the way back. */
export class PiiMasking {
  private readonly byValue = new Map<string, string>();
  private readonly byPlaceholder = new Map<string, string>();
  private readonly counters = new Map<PiiKind, number>();
  private readonly known: Array<[PiiKind, RegExp]>;

  constructor(known: KnownIdentifier[] = []) {
    this.known = known
      .filter((k) => canonical(k.value).length >= 4)
      .sort((a, b) => b.value.length - a.value.length)
      .map((k) => {
        // Any spacing around separators, so the printed and the stored forms both match.
        const body = k.value
          .trim()
          .split(/\s*([/-])\s*|\s+/)
          .filter((part) => part !== undefined && part !== '')
          .map((part) => (part === '/' || part === '-' ? `\\s*${escapeRegExp(part)}\\s*` : escapeRegExp(part)))
          .join('\\s*');
        return [k.kind, new RegExp(`(?<![A-Z0-9])${body}(?![A-Z0-9])`, 'gi')] as [PiiKind, RegExp];
      });
  }

  /** How many distinct identifiers were masked so far. */
  get masked(): number {
    return this.byValue.size;
  }

  mask(text: string): string {
    let out = text;
    for (const [kind, pattern] of [...this.known, ...PATTERNS]) {
      out = out.replace(pattern, (...args: unknown[]) => {
        const match = args[0] as string;
        const groups = args[args.length - 1] as Record<string, string | undefined> | string;
        const id = typeof groups === 'object' && groups?.id ? groups.id : match;
        const placeholder = this.placeholder(kind, id);
        return id === match ? placeholder : match.slice(0, match.length - id.length) + placeholder;
      });
    }
    return out;
  }

  /** Puts the original values back in place of this session's placeholders (e.g. in the model's answer). */
  unmask(text: string): string {
    return text.replace(PLACEHOLDER, (placeholder) => this.byPlaceholder.get(placeholder) ?? placeholder);
  }

  private placeholder(kind: PiiKind, value: string): string {
    const key = `${kind}:${canonical(value)}`;
    let placeholder = this.byValue.get(key);
    if (!placeholder) {
      const n = (this.counters.get(kind) ?? 0) + 1;
      this.counters.set(kind, n);
      placeholder = `[${kind}_${n}]`;
      this.byValue.set(key, placeholder);
      this.byPlaceholder.set(placeholder, value);
    }
    return placeholder;
  }
}

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
