var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
/**
 * The language model's answer for a statement no parser knows, checked before any of it is believed.
 * The model is asked for JSON of one shape (`llm-extraction.ts`); here that JSON is held to it, row by
 * row, and against the statement text the model was sent:
 *
 * - the shape and types (`class-validator`): numbers finite and ≥ 0, an ISO 6166-shaped ISIN, strings
 *   of sane length, an asset class from the four we know; units, NAV and market value all present
 *   (a parser's holding may hold null for a figure it could not read, a model's row may not);
 * - the ISIN's check digit, and the ISIN printed in the text;
 * - units and NAV printed in the text, and the market value too (one that is not printed is accepted
 *   only when it is units × NAV to the paisa, and is marked `computed`, which the validator flags);
 * - units × NAV = market value within `valueTolerance` or `LLM_VALUE_TOLERANCE` of the value;
 * - most of the scheme name's words printed in the text; no row twice.
 *
 * A row that fails any check is dropped with its reason; nothing is repaired. What the DESIGN asks of
 * extraction ("never invents numbers") therefore holds for the model too: every figure kept is one
 * the statement prints.
 */
import { plainToInstance } from 'class-transformer';
import { IsIn, IsNotEmpty, IsNumber, IsOptional, IsString, Matches, MaxLength, Min, validateSync } from 'class-validator';
import { isValidIsin } from './identifiers.js';
import { parseNumber } from './numbers.js';
import { newHolding } from './parsers/common.js';
import { valueTolerance } from './validator.js';
/** Largest share of the market value by which units × NAV may miss it before the row is dropped. */
export const LLM_VALUE_TOLERANCE = 0.005;
/** Rows read from one answer at most; the rest are dropped. */
export const MAX_LLM_ROWS = 500;
/** Dropped rows listed in the report (and flagged) at most. */
export const MAX_REPORTED_REJECTIONS = 50;
/** Answers longer than this are not parsed. */
const MAX_ANSWER_CHARS = 500_000;
const ASSET_CLASSES = ['Equity', 'Debt', 'Hybrid', 'Other'];
const FINITE = { allowNaN: false, allowInfinity: false };
/** One holding as the model must write it. */
class ModelHoldingRow {
}
__decorate([
    IsString(),
    IsNotEmpty(),
    MaxLength(200),
    __metadata("design:type", String)
], ModelHoldingRow.prototype, "scheme_name", void 0);
__decorate([
    IsString(),
    Matches(/^[A-Z]{2}[A-Z0-9]{9}[0-9]$/, { message: 'isin must be 12 characters: a country code, 9 letters or digits and a check digit' }),
    __metadata("design:type", String)
], ModelHoldingRow.prototype, "isin", void 0);
__decorate([
    IsOptional(),
    IsString(),
    MaxLength(40),
    __metadata("design:type", Object)
], ModelHoldingRow.prototype, "folio", void 0);
__decorate([
    IsOptional(),
    IsString(),
    MaxLength(40),
    __metadata("design:type", Object)
], ModelHoldingRow.prototype, "account_id", void 0);
__decorate([
    IsNumber(FINITE),
    Min(0),
    __metadata("design:type", Number)
], ModelHoldingRow.prototype, "units", void 0);
__decorate([
    IsNumber(FINITE),
    Min(0),
    __metadata("design:type", Number)
], ModelHoldingRow.prototype, "nav", void 0);
__decorate([
    IsNumber(FINITE),
    Min(0),
    __metadata("design:type", Number)
], ModelHoldingRow.prototype, "market_value", void 0);
__decorate([
    IsOptional(),
    IsIn(ASSET_CLASSES),
    __metadata("design:type", Object)
], ModelHoldingRow.prototype, "asset_class", void 0);
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const compact = (s) => s.replace(/\s+/g, '').toUpperCase();
const words = (s) => s.toUpperCase().match(/[A-Z0-9]{3,}/g) ?? [];
const numberKey = (n) => n.toFixed(6);
/**
 * The JSON object in a model's answer: the whole answer, or the one inside a Markdown code fence.
 * Anything else (prose around it, two objects, a bare array) is not an answer; null then.
 */
export function parseModelJson(text) {
    if (text.length > MAX_ANSWER_CHARS)
        return null;
    const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/i.exec(text);
    const body = (fenced ? fenced[1] : text).trim();
    if (!body.startsWith('{'))
        return null;
    try {
        return JSON.parse(body);
    }
    catch {
        return null;
    }
}
/** What the statement prints, to hold the model's answer against. */
export class PrintedEvidence {
    constructor(lines) {
        this.numbers = new Set();
        const byPage = new Map();
        for (const line of lines)
            byPage.set(line.page, [...(byPage.get(line.page) ?? []), line.text]);
        this.pages = [...byPage].map(([page, texts]) => {
            const text = texts.join('\n');
            for (const m of text.matchAll(/(?<![\d.,])\d[\d,]*(?:\.\d+)?|(?<![\d])\.\d+/g)) {
                const value = parseNumber(m[0].replace(/,+$/, ''));
                if (value !== null)
                    this.numbers.add(numberKey(value));
            }
            return { page, compact: compact(text), words: new Set(words(text)) };
        });
    }
    /** The number is printed somewhere (any grouping, any trailing zeros). */
    printsNumber(value) {
        return this.numbers.has(numberKey(value));
    }
    /** The first page on which the text is printed (spacing ignored), or null. */
    pageOf(text) {
        const needle = compact(text);
        if (!needle)
            return null;
        return this.pages.find((p) => p.compact.includes(needle))?.page ?? null;
    }
    /** At least half the name's words (3+ letters or digits) are printed. */
    printsMostOf(name) {
        const ws = words(name);
        if (!ws.length)
            return false;
        const found = ws.filter((w) => this.pages.some((p) => p.words.has(w))).length;
        return found * 2 >= ws.length;
    }
}
/** The first problem, a wrong type before a wrong value ("units must be a number", not "… less than 0"). */
const TYPE_CHECKS = ['isString', 'isNumber'];
const firstProblem = (errors) => {
    const constraints = errors[0]?.constraints ?? {};
    const type = TYPE_CHECKS.find((k) => k in constraints);
    return (type ? constraints[type] : Object.values(constraints)[0]) ?? `${errors[0]?.property ?? 'row'} is invalid`;
};
function isoDate(value) {
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value))
        return null;
    const d = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value ? value : null;
}
/** Checks one row; answers the holding, or why it is dropped. */
function checkRow(raw, evidence) {
    if (!isObject(raw))
        return { reason: 'not a JSON object' };
    const row = plainToInstance(ModelHoldingRow, raw, { enableImplicitConversion: false });
    const errors = validateSync(row, { forbidUnknownValues: true });
    if (errors.length)
        return { reason: firstProblem(errors) };
    const { isin, units, nav, market_value: value } = row;
    if (!isValidIsin(isin))
        return { reason: `ISIN ${isin} has a wrong check digit` };
    const page = evidence.pageOf(isin);
    if (page === null)
        return { reason: `ISIN ${isin} is not printed in the statement` };
    if (!evidence.printsMostOf(row.scheme_name))
        return { reason: `the name "${row.scheme_name}" is not printed in the statement` };
    if (!evidence.printsNumber(units))
        return { reason: `units ${units} are not printed in the statement` };
    if (!evidence.printsNumber(nav))
        return { reason: `NAV ${nav} is not printed in the statement` };
    const product = units * nav;
    let source = 'printed';
    if (!evidence.printsNumber(value)) {
        if (Math.abs(Math.round(product * 100) / 100 - value) > 1e-6)
            return { reason: `market value ${value} is not printed in the statement` };
        source = 'computed';
    }
    const allowed = Math.max(valueTolerance(units, nav), LLM_VALUE_TOLERANCE * value);
    if (Math.abs(product - value) > allowed) {
        return { reason: `units ${units} × NAV ${nav} = ${product.toFixed(2)}, not the market value ${value.toFixed(2)}` };
    }
    // Identifiers are kept only when printed (a placeholder the model made up is not).
    const printed = (v) => (v && evidence.pageOf(v) !== null ? v.trim() : null);
    return {
        holding: newHolding({
            isin,
            page,
            scheme_name: row.scheme_name.replace(/\s+/g, ' ').trim(),
            units,
            nav,
            market_value: value,
            asset_class: row.asset_class ?? null,
            folio: printed(row.folio),
            account_id: printed(row.account_id),
            market_value_source: source,
        }),
    };
}
const failed = (error, rowsReturned = 0, rejected = []) => ({
    outcome: 'failed',
    entities: [],
    period: { from: null, to: null },
    stated_total: null,
    rows_returned: rowsReturned,
    rows_accepted: 0,
    rejected,
    error,
});
/**
 * Reads the model's answer against the lines it was sent. Expected shape:
 * `{period: {from, to}, stated_total, investors: [{name, pan, holdings: [row…]}]}`.
 */
export function readModelAnswer(text, lines) {
    const answer = parseModelJson(text);
    if (!isObject(answer) || !Array.isArray(answer.investors))
        return failed('the answer is not a JSON object with an "investors" array');
    const evidence = new PrintedEvidence(lines);
    const rejected = [];
    const reject = (raw, reason) => {
        if (rejected.length >= MAX_REPORTED_REJECTIONS)
            return;
        const r = isObject(raw) ? raw : {};
        rejected.push({
            scheme_name: typeof r.scheme_name === 'string' ? r.scheme_name.slice(0, 200) : null,
            isin: typeof r.isin === 'string' && /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/.test(r.isin) ? r.isin : null,
            reason,
        });
    };
    const entities = new Map();
    const seen = new Set();
    let returned = 0;
    let accepted = 0;
    for (const investor of answer.investors) {
        const rows = isObject(investor) && Array.isArray(investor.holdings) ? investor.holdings : null;
        if (!rows) {
            returned++;
            reject(investor, 'an investor without a "holdings" array');
            continue;
        }
        const name = typeof investor.name === 'string' && investor.name.trim() ? investor.name.replace(/\s+/g, ' ').trim().slice(0, 120) : 'Unknown investor';
        const pan = typeof investor.pan === 'string' && evidence.pageOf(investor.pan) !== null ? compact(investor.pan) : null;
        const key = pan ?? name.toUpperCase();
        for (const raw of rows) {
            returned++;
            if (returned > MAX_LLM_ROWS) {
                reject(raw, `more than ${MAX_LLM_ROWS} rows`);
                continue;
            }
            const checked = checkRow(raw, evidence);
            if ('reason' in checked) {
                reject(raw, checked.reason);
                continue;
            }
            const h = checked.holding;
            const identity = `${key}|${h.isin}|${h.folio ?? ''}|${h.account_id ?? ''}|${h.units}|${h.market_value}`;
            if (seen.has(identity)) {
                reject(raw, 'the same holding twice');
                continue;
            }
            seen.add(identity);
            accepted++;
            const entity = entities.get(key) ?? { entity_name: name, pan, holdings: [], stated_total: null };
            entity.holdings.push(h);
            entities.set(key, entity);
        }
    }
    if (returned > 0 && accepted === 0)
        return failed('every row it listed failed validation', returned, rejected);
    const period = isObject(answer.period) ? answer.period : {};
    const total = answer.stated_total;
    return {
        outcome: accepted > 0 ? 'extracted' : 'none_found',
        entities: [...entities.values()],
        period: { from: isoDate(period.from), to: isoDate(period.to) },
        stated_total: typeof total === 'number' && Number.isFinite(total) && total >= 0 && evidence.printsNumber(total) ? total : null,
        rows_returned: returned,
        rows_accepted: accepted,
        rejected,
        error: null,
    };
}
//# sourceMappingURL=llm-answer.js.map