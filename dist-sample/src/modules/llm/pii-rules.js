/**
 * What the PII masker recognises by itself: the placeholder kinds, the patterns of each identifier
 * in the order they are applied, and the investor block (the lines naming the investor, where a PIN
 * code or a date of birth may be printed without a label).
 */
export const PII_KINDS = ['PAN', 'AADHAAR', 'BANK_ACCOUNT', 'DOB', 'PIN_CODE', 'NAME', 'EMAIL', 'PHONE', 'FOLIO', 'DEMAT_ACCOUNT'];
/** A placeholder of any masking session, e.g. `[PAN_1]`. */
export const PII_PLACEHOLDER = new RegExp(String.raw `\[(?:${PII_KINDS.join('|')})_\d+\]`, 'g');
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
export function isValidAadhaar(value) {
    const digits = value.replace(/[\s-]/g, '');
    if (!/^[2-9]\d{11}$/.test(digits))
        return false;
    let check = 0;
    [...digits].reverse().forEach((digit, i) => (check = VERHOEFF_D[check][VERHOEFF_P[i % 8][Number(digit)]]));
    return check === 0;
}
/** Number groups do not start or end inside a longer number (amounts like 12,34,567.89 stay whole). */
export const NOT_AFTER_NUMBER = String.raw `(?<![\w.,+/])`;
export const NOT_BEFORE_NUMBER = String.raw `(?![\w/]|[.,]\d)`;
const MONTH = String.raw `(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)`;
/** A written date: 23/01/1987, 23-01-87, 23-Jan-1987, 23rd January 1987, January 23, 1987, 1987-01-23. */
const DATE = String.raw `(?:\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})|\d{1,2}(?:st|nd|rd|th)?[\s/.-]*${MONTH}\.?[\s/.,-]*(?:\d{4}|\d{2})|${MONTH}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d{4}-\d{2}-\d{2})(?![\d/])`;
/** DDMMYYYY, as in CAS passwords. */
const DDMMYYYY = String.raw `(?:0[1-9]|[12]\d|3[01])(?:0[1-9]|1[0-2])(?:19|20)\d{2}(?!\d)`;
const PIN = String.raw `[1-9]\d{2}\s?\d{3}`;
const IFSC = String.raw `(?<![A-Z0-9])[A-Z]{4}0[A-Z0-9]{6}(?![A-Z0-9])`;
/**
 * Rules in the order they are applied. E-mails go first (their local part may hold digits), then the
 * long numeric ids, so a 10-digit folio, a 16-digit BO ID or a bank account is not taken for a phone
 * number, and a labelled account number is not taken for an Aadhaar number.
 */
export const RULES = [
    { kind: 'EMAIL', pattern: /[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}/gi },
    // NSDL: DP ID "IN300126" with the 8-digit client id ("IN300126 / 11223344", "IN30012611223344").
    { kind: 'DEMAT_ACCOUNT', pattern: /\bIN\d{6}(?:\s*[/-]\s*|\s*)\d{8}\b/g },
    // Labelled ids: "DP ID: IN300126", "Client ID 11223344", "BO ID: 1208160012345678", "Demat A/c No. …".
    {
        kind: 'DEMAT_ACCOUNT',
        pattern: /\b(?:DP\s*ID|Client\s*ID|BO\s*ID|Beneficiary\s*(?:Owner\s*)?ID|Demat\s*(?:Account|A\/c)(?:\s*(?:No\.?|Number))?)\s*[:#-]?\s*(?<id>IN\d{6}|\d{8}(?:\d{8})?|\d{4}(?:[\s-]\d{4}){3})\b/gi,
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
    // NSDL's CAS password: the PAN's first five letters and the date of birth ("ABCPE01011990").
    { kind: 'PAN', pattern: new RegExp(`(?<![A-Za-z0-9])(?:[A-Z]{3}[ABCEFGHJLPT][A-Z]|[a-z]{3}[abcefghjlpt][a-z])(?=${DDMMYYYY})`, 'g') },
    // The rest of the CAS password forms: the date of birth right after the PAN or its first five letters.
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
export const INVESTOR_BLOCK_LINES = 10;
export const OPENS_INVESTOR_BLOCK = /\[(?:NAME|PAN)_\d+\]/;
export const ENDS_INVESTOR_BLOCK = /\bFolio\b|\bISIN\b|\bIN[EF0-9][A-Z0-9]{8}\d\b|(?<![\d.])\d[\d,]*\.\d{2,4}(?![.\d])/i;
/** Inside the block: a PIN code after its town ("Chennai - 600074", "Pune, 411001") or ending the line. */
export const BLOCK_PIN = new RegExp(`(?<![\\w.+/])(?<!(?:Rs\\.?|INR|₹)\\s*)(?:(?<=[-,–]\\s*)${PIN}|${PIN}(?=\\s*[,.]?\\s*$))${NOT_BEFORE_NUMBER}(?!\\s*\\/)`, 'gi');
export const BLOCK_DATE = new RegExp(`(?<![\\w/.-])${DATE}`, 'gi');
/** A date in the block is a date of birth when it is at least this many years old (statement dates are recent). */
export const BIRTH_DATE_MIN_AGE_YEARS = 10;
/** The year of a written date, or null when it has none that can be read. */
export function yearOf(date) {
    const year = /\d{4}/.exec(date)?.[0] ?? /\d{2}$/.exec(date.trim())?.[0];
    if (!year)
        return null;
    if (year.length === 4)
        return Number(year);
    const now = new Date().getUTCFullYear() % 100;
    return Number(year) > now ? 1900 + Number(year) : 2000 + Number(year);
}
//# sourceMappingURL=pii-rules.js.map