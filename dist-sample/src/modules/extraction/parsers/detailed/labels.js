/**
 * The labels of a detailed statement (CAMS, KFintech) that its reader finds the structure by: folio,
 * scheme and continuation. The opening balance and the closing block's labels are the family's
 * (`families/`, `detailed`).
 */
import { DATE_PATTERN } from '../../numbers.js';
const DATE = DATE_PATTERN.source;
/** "Folio No: 1234567 / 89", "FOLIO NO :", "Folio Number:". */
export const FOLIO = /\bFolio\s*(?:No|Number|#)\.?\s*:?\s*([0-9][0-9A-Z]*(?:\s*\/\s*[0-9A-Z]+)?)/i;
/** A registrar product code before a scheme name when the family has none ("B205RG-"); never a date. */
export const SCHEME_CODE = new RegExp(String.raw `^\s*(?!${DATE})([A-Z0-9]*\d[A-Z0-9]*)\s*-\s*(?=\S)`);
/**
 * The line a scheme starts on: its product code (letters and digits), followed by a dash or alone
 * when the name wraps right after it; or its ISIN, printed before the name. A later line of a
 * wrapped name may start "1 - 8.25% …".
 */
export const SCHEME_START = /^\s*(?:(?=[A-Z0-9]*[A-Z])(?=[A-Z0-9]*\d)[A-Z0-9]+\s*(?:-\s*\S|-?\s*$)|ISIN\s*:)/;
/** "Scheme :" / "Scheme Name :" printed before a scheme's name. */
export const SCHEME_LABEL = /^\s*Scheme(?:\s+Name)?\s*(?::\s*|$)/i;
/** A line saying that the rows above continue here: "(continued) Folio No : …", "<scheme> (contd.)". */
export const CONTINUED = /\(\s*cont(?:inued|d)\.?\s*\)|^\s*cont(?:inued|d)\.?\b/i;
//# sourceMappingURL=labels.js.map