/**
 * The Permanent Account Number (PAN) the Income Tax Department issues: five letters, four digits, a
 * letter (AAAAA9999A). The fourth letter is the holder's status (A association of persons, B body of
 * individuals, C company, F firm, G government, H Hindu undivided family, J artificial juridical
 * person, L local authority, P individual, T trust), as the department's PAN structure describes it
 * (restated e.g. at https://caclubindia.com/forum/reading-a-pan-no--194249.asp). Any other fourth
 * letter is not a PAN.
 */
export const PAN_HOLDER_TYPES = {
    A: 'association of persons',
    B: 'body of individuals',
    C: 'company',
    F: 'firm',
    G: 'government',
    H: 'Hindu undivided family',
    J: 'artificial juridical person',
    L: 'local authority',
    P: 'individual',
    T: 'trust',
};
export const PAN_PATTERN = /^[A-Z]{3}[ABCFGHJLPT][A-Z][0-9]{4}[A-Z]$/;
export function isValidPan(pan) {
    return PAN_PATTERN.test(pan);
}
/** Why a value is not a PAN (for a 400's details; the value itself is never echoed), or null when it is one. */
export function panProblem(pan) {
    if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(pan))
        return 'a PAN is five capital letters, four digits and a capital letter (AAAAA9999A)';
    if (!isValidPan(pan))
        return `the fourth letter of a PAN is the holder type, one of ${Object.keys(PAN_HOLDER_TYPES).join(', ')}`;
    return null;
}
//# sourceMappingURL=pan.js.map