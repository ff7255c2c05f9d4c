/**
 * Words the mutual-fund families share: each family lists them among its own cues and sections,
 * and they are written once here.
 */
import { DATE_PATTERN } from '../numbers.js';
/** The detailed statement's title, at both registrars. */
export const CAS_TITLE = /Consolidated\s+Account\s+Statement/i;
/** The summary statement's title, at both registrars. */
export const SUMMARY_TITLE = /Consolidated\s+Account\s+Summary|CAS\s*-?\s*Summary|Summary\s+Statement/i;
/** "As on 30-Sep-2025" under a summary's title. */
export const AS_ON_DATE = /\bAs\s+on\s+\d/i;
/** Only a detailed statement prints opening balances (a summary's header may say "Closing Unit Balance"). */
export const OPENING_BALANCE = /Opening\s+(?:Unit\s+)?Balance/i;
/** A scheme's closing balance line of a detailed statement. */
export const CLOSING_BALANCE = /Closing\s+(?:Unit\s+)?Balance/i;
/** A scheme line's marks at both registrars: "(Non-Demat)" and "Registrar : CAMS". */
export const SCHEME_LINE_MARKS = /\(Non-Demat\)|Registrar\s*:/i;
/** The gain column of a summary table ("Gain/Loss", "Unrealised Gain"). */
export const GAIN_COLUMN = /Gain\s*\/\s*\(?Loss\)?|Unreali[sz]ed\s+(?:Gain|P\s*\/\s*L)/i;
/**
 * A fund house's heading over its folios: a line that is only the AMC's name ("HDFC Mutual Fund",
 * "Axis MF", "DSP Mutual Fund (contd.)"), or Franklin's "Franklin Templeton Investments".
 */
export const AMC_HEADING = /^(?!.*\b(?:Total|Folio|ISIN|Registrar|Advisor|Summary)\b)[A-Za-z][A-Za-z0-9&.,'() -]{0,90}?(?:Mutual\s*Fund|\bMF)(?:\s*\([^)]*\))?$|^Franklin\s+Templeton\s+Investments$/i;
/** "Grand Total" / "Total" closing a mutual-fund statement's table. */
export const TOTAL = /^(?:Grand\s+)?Total\b/i;
/** A product code of the registrars' print before a scheme name ("B205RG-", "128TSGPG - "); never a date. */
const CODE = String.raw `(?!\d{1,2}[-/.](?:[A-Za-z]{3}|\d{1,2})[-/.]\d{2})[A-Z0-9]*\d[A-Z0-9]*\s*-\s*(?=\S)`;
/** CAMS's product code before a scheme name: "B205RG-HDFC …", "Q271RG-quant …". */
export const CAMS_PRODUCT_CODE = new RegExp(String.raw `^\s*${CODE}`);
/** KFintech's: "128TSGPG-Axis …", "D110 - DSP …", or with a serial number first, "117 IOD1G-Mirae …". */
export const KFINTECH_PRODUCT_CODE = new RegExp(String.raw `^\s*(?:\d+\s+(?=[A-Z0-9]*\d[A-Z0-9]*\s*-))?${CODE}`);
const DATE = DATE_PATTERN.source;
/**
 * A detailed statement's scheme labels at both registrars: `Opening Unit Balance:`, KFintech's
 * `Opening Balance as on 01/04/2025 :`; `Closing Unit Balance:`, `NAV on <date>:`, `Total Cost
 * Value:`, `Market Value on <date>:`, `Valuation on <date>` and KFintech's undated `Valuation :`.
 */
export const DETAILED_LABELS = {
    opening: new RegExp(String.raw `Opening\s+(?:Unit\s+)?Balance(?:\s+(?:as\s+)?on\s+(?:${DATE}))?\s*:?`, 'i'),
    closing: {
        units: /Closing\s+(?:Unit\s+)?Balance\s*:?/i,
        nav: new RegExp(String.raw `(?:NAV\s+(?:as\s+)?on\s+(?:${DATE})\s*:?|\bNAV\s*:)`, 'i'),
        cost: /(?:Total\s+)?Cost\s+Value\s*:?/i,
        value: new RegExp(String.raw `(?:Market\s+Value|Valuation|Current\s+Value)(?:\s+(?:as\s+)?on\s+(?:${DATE}))?\s*:?`, 'i'),
    },
};
/** A summary's statement total: "Total", "Grand Total", "Portfolio Total", "Total Portfolio Value". */
export const SUMMARY_TOTAL = /^(?:(?:Grand|Portfolio)\s+)?Total\b/i;
/** A fund house's total within a summary's table ("Sub Total", "Sub-Total", "AMC Total"). */
export const GROUP_TOTAL = /^(?:Sub\s*-?\s*Total|AMC\s+Total)\b/i;
/** The marks of a fund-house heading repeated where its rows continue on a new page: "(continued) X", "X (contd.)". */
export const CONTINUED_HEADING = /^\(\s*continued\s*\)\s*|\s*\(\s*(?:contd|continued)\.?\s*\)\s*$/gi;
//# sourceMappingURL=vocabulary.js.map