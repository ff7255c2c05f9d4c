/**
 * The people a mutual-fund statement prints under a folio besides its investor: joint holders
 * (`Joint Holder 1: NAME   PAN: …`, `Joint 2 : NAME (PAN: …)`, `Joint Holder(s) : A (PAN: …), B`), a
 * minor's guardian (`Guardian : NAME (PAN: …)`) and nominees (`Nominee 1: NAME Nominee 2: NAME`, or
 * `Nominee: Not registered`). A statement of one holding pattern prints its joint holders once, in
 * its top block (`withTopJointHolders`). A joint holder's PAN belongs to the holding, never to an
 * investor; neither line is part of a scheme's name.
 */
import { findPan } from '../identifiers.js';
import { cleanName, labelledName } from './common.js';
/** "Joint Holder 1 :", "Joint 2 -", "Joint Holder:", "Joint Holder(s) :", "Second Holder :", "3rd Holder Name:" at the start of a line. */
const JOINT_LABEL = /^\s*(?:Joint(?:\s+Holder(?:s|\s*\(s\))?)?(?:\s*\d)?|(?:Second|Third|2nd|3rd)\s+Holder(?:'s)?(?:\s+Name)?)\s*[:\-]\s*/i;
/** Between the holders of a list: a comma or semicolon outside brackets, or "&". */
const LIST_SEPARATOR = /\s*[,;](?![^()]*\))\s*|\s+&\s+/;
/** "Nominee 1:", "Nominee :", "Nominee Name:" wherever it is printed on the line. */
const NOMINEE_LABEL = /\bNominee(?:\s+Name)?(?:\s*\d)?\s*:\s*/gi;
/** What a statement prints for a folio without nominees. */
const NO_NOMINEE = /^(?:not\s+registered|none|nil|n\.?\s*a\.?|-+|opted\s+out)$/i;
/** The joint holder a line names, or null when it is not a joint-holder line. */
export function readJointHolder(text) {
    return readJointHolders(text)?.[0] ?? null;
}
/** The joint holders a line names, one or a list ("Joint Holder(s) : A (PAN: …), B"); null when it is not a joint-holder line. */
export function readJointHolders(text) {
    const label = JOINT_LABEL.exec(text);
    if (!label)
        return null;
    const people = text
        .slice(label[0].length)
        .split(LIST_SEPARATOR)
        .map(person)
        .filter((p) => p !== null);
    return people.length ? people : null;
}
/**
 * Gives the holdings of the statement's top investor the joint holders its top block prints (a
 * statement of one holding pattern), where a holding prints none of its own and `applies` to it. The
 * top investor is the one whose PAN the top block prints, else the statement's only investor; when
 * neither tells, no holding gets them (they are not guessed onto someone).
 */
export function withTopJointHolders(entities, joint, topPan, applies = () => true) {
    if (!joint.length)
        return entities;
    const owner = (topPan !== null ? entities.find((e) => e.pan === topPan) : undefined) ?? (entities.length === 1 ? entities[0] : undefined);
    for (const h of owner?.holdings ?? [])
        if (!h.joint_holders && applies(h))
            h.joint_holders = joint.map((j) => ({ ...j }));
    return entities;
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
/**
 * The minor a guardian line is printed under, when the line above names them with no PAN (a minor's
 * statement may print only the guardian's): "Investor Name : NAME", or a bare name. Null when the line
 * above prints a PAN (its holder is read with it) or names no one.
 */
export function wardAbove(above) {
    if (!above || findPan(above.text))
        return null;
    const text = above.text.trim();
    const name = labelledName(text) ?? (/^[A-Za-z][A-Za-z .']*$/.test(text) ? cleanName(text) || null : null);
    // A person's name: two to five words, none of a scheme's (a wrapped scheme name's last line is no minor).
    return name && /^\S+(?:\s\S+){1,4}$/.test(name) && !SCHEME_WORDS.test(name) ? name : null;
}
const SCHEME_WORDS = /\b(?:fund|plan|growth|option|direct|regular|idcw|dividend|mutual|scheme|etf|index|portfolio|series|limited|ltd)\b/i;
//# sourceMappingURL=folio-people.js.map