var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
/**
 * Masks personal identifiers in text bound for an outside model: PANs (also spaced, hyphenated or
 * run into other characters), Aadhaar numbers, bank account numbers, dates of birth, PIN codes,
 * e-mail addresses, phone numbers, mutual-fund folio numbers, demat account ids and the investors'
 * names become placeholders (`[PAN_1]`, `[NAME_1]`, …). Amounts, units, NAVs, transaction dates,
 * ISINs and scheme names are left as they are, so the figures still reach the model. One masking
 * session numbers placeholders consistently (the same value is always the same placeholder), so the
 * model can still tell two investors apart and its answer can be unmasked. The patterns are in
 * pii-rules.ts; names, PANs, folios and demat accounts the extraction found are masked as given.
 */
import { Injectable } from '@nestjs/common';
import { BIRTH_DATE_MIN_AGE_YEARS, BLOCK_DATE, BLOCK_PIN, ENDS_INVESTOR_BLOCK, INVESTOR_BLOCK_LINES, NOT_AFTER_NUMBER, NOT_BEFORE_NUMBER, OPENS_INVESTOR_BLOCK, PII_PLACEHOLDER, RULES, yearOf, } from './pii-rules.js';
export { PII_PLACEHOLDER } from './pii-rules.js';
/** The personal identifiers an extraction found (names, PANs, folios, demat accounts), to be masked wherever they appear. */
export function extractionIdentifiers(entities) {
    const out = [];
    for (const e of entities) {
        if (e.entity_name)
            out.push({ kind: 'NAME', value: e.entity_name });
        if (e.pan)
            out.push({ kind: 'PAN', value: e.pan });
        for (const h of e.holdings) {
            if (h.folio)
                out.push({ kind: 'FOLIO', value: h.folio });
            if (h.account_id)
                out.push({ kind: 'DEMAT_ACCOUNT', value: h.account_id });
        }
    }
    return out;
}
/** Values of these kinds, once found, are masked wherever else they appear in the session's text. */
const REPEATED_KINDS = new Set(['AADHAAR', 'BANK_ACCOUNT', 'DOB', 'PIN_CODE']);
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * Canonical form of a value, so "1234567 / 89" and "1234567/89", "ABCDE-1234-F" and "ABCDE1234F",
 * "23/01/1987" and "23011987" are one identifier.
 */
const canonical = (kind, value) => value.replace(kind === 'DOB' ? /[\s/.,-]+/g : kind === 'PAN' || REPEATED_KINDS.has(kind) ? /[\s-]+/g : /\s+/g, '').toUpperCase();
/** A known identifier as a pattern: any spacing around separators, names across line breaks, PANs however written. */
function knownPattern({ kind, value }) {
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
function knownRules(known) {
    const rules = [];
    for (const k of known) {
        if (canonical(k.kind, k.value).length < 4)
            continue;
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
    constructor(known = []) {
        this.byValue = new Map();
        this.byPlaceholder = new Map();
        this.counters = new Map();
        this.known = knownRules(known);
    }
    /** How many distinct identifiers were masked so far. */
    get masked() {
        return this.byValue.size;
    }
    mask(text) {
        let out = text;
        for (const rule of [...this.known, ...RULES])
            out = this.apply(out, rule);
        out = this.maskInvestorBlocks(out);
        return this.maskRepeated(out);
    }
    /** Puts the original values back in place of this session's placeholders (e.g. in the model's answer). */
    unmask(text) {
        return text.replace(PII_PLACEHOLDER, (placeholder) => this.byPlaceholder.get(placeholder) ?? placeholder);
    }
    apply(text, { kind, pattern, accept, value }) {
        return text.replace(pattern, (...args) => {
            const match = args[0];
            const groups = args[args.length - 1];
            const id = typeof groups === 'object' && groups?.id ? groups.id : match;
            if (accept && !accept(id))
                return match;
            const placeholder = this.placeholder(kind, value ?? id);
            return id === match ? placeholder : match.slice(0, match.length - id.length) + placeholder;
        });
    }
    /** PIN codes and dates of birth printed without a label in the lines that name the investor. */
    maskInvestorBlocks(text) {
        const oldestStatementYear = new Date().getUTCFullYear() - BIRTH_DATE_MIN_AGE_YEARS;
        let left = 0;
        return text
            .split('\n')
            .map((line) => {
            if (ENDS_INVESTOR_BLOCK.test(line)) {
                left = 0;
                return line;
            }
            if (OPENS_INVESTOR_BLOCK.test(line))
                left = INVESTOR_BLOCK_LINES;
            if (left === 0)
                return line;
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
    maskRepeated(text) {
        let out = text;
        for (const [placeholder, value] of this.byPlaceholder) {
            const kind = placeholder.slice(1, placeholder.lastIndexOf('_'));
            if (!REPEATED_KINDS.has(kind))
                continue;
            const body = /^[\d\s-]+$/.test(value) ? [...value.replace(/\D/g, '')].join('[\\s-]?') : escapeRegExp(value).replace(/\s+/g, '\\s+');
            out = out.replace(new RegExp(`${NOT_AFTER_NUMBER}${body}${NOT_BEFORE_NUMBER}`, 'gi'), placeholder);
        }
        return out;
    }
    placeholder(kind, value) {
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
export const withoutIdentifiers = (text, known = []) => new PiiMasking(known).mask(text).replace(PII_PLACEHOLDER, ' ').replace(/\s+/g, ' ').trim();
let PiiMasker = class PiiMasker {
    /** A masking session for one request; `known` identifiers are masked wherever they appear. */
    session(known = []) {
        return new PiiMasking(known);
    }
    mask(text, known = []) {
        return this.session(known).mask(text);
    }
};
PiiMasker = __decorate([
    Injectable()
], PiiMasker);
export { PiiMasker };
//# sourceMappingURL=pii-masker.js.map