/**
 * The people a mutual-fund statement prints under a folio besides its investor: joint holders
 * (`Joint Holder 1: NAME   PAN: …`, a minor's guardian (`Guardian : NAME (PAN: …)`), `Joint 2 : NAME (PAN: …)`) and nominees (`Nominee 1: NAME
 * Nominee 2: NAME`, or `Nominee: Not registered`). A joint holder's PAN belongs to the holding,
 * never to an investor; neither line is part of a scheme's name.
 */
import { findPan } from '../identifiers.js';
import { cleanName } from './common.js';
/** "Joint Holder 1 :", "Joint 2 -", "Joint Holder:", "Second Holder :", "3rd Holder Name:" at the start of a line. */
const JOINT_LABEL = /^\s*(?:Joint(?:\s+Holder)?(?:\s*\d)?|(?:Second|Third|2nd|3rd)\s+Holder(?:'s)?(?:\s+Name)?)\s*[:\-]\s*/i;
/** "Nominee 1:", "Nominee :", "Nominee Name:" wherever it is printed on the line. */
const NOMINEE_LABEL = /\bNominee(?:\s+Name)?(?:\s*\d)?\s*:\s*/gi;
/** What a statement prints for a folio without nominees. */
const NO_NOMINEE = /^(?:not\s+registered|none|nil|n\.?\s*a\.?|-+|opted\s+out)$/i;
/** The joint holder a line names, or null when it is not a joint-holder line. */
export function readJointHolder(text) {
    const label = JOINT_LABEL.exec(text);
    return label ? person(text.slice(label[0].length)) : null;
}
/** A name and the PAN printed with it ("NAME (PAN: …)", "NAME   PAN No: …"). */
function person(text) {
    const name = cleanName(text);
    return name && !/\d/.test(name) ? { name, pan: findPan(text) } : null;
}
/** "Guardian :", "Guardian Name:" at the start of a line. */
const GUARDIAN_LABEL = /^\s*Guardian(?:'s)?(?:\s+Name)?\s*[:\-]\s*/i;
/** The guardian a line names (a minor's, printed under them), or null when it is not a guardian line. */
export function readGuardian(text) {
    const label = GUARDIAN_LABEL.exec(text);
    return label ? person(text.slice(label[0].length)) : null;
}
/** The nominees a line names ([] for "Not registered"), or null when it is not a nominee line. */
export function readNominees(text) {
    if (!/^\s*Nominee\b/i.test(text))
        return null;
    return text
        .split(NOMINEE_LABEL)
        .map((part) => part.replace(/\s+/g, ' ').trim())
        .filter((name) => name && !NO_NOMINEE.test(name));
}
//# sourceMappingURL=folio-people.js.map