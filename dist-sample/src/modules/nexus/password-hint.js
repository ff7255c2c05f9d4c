import { ISSUER_HINTS } from './batch/statement-passwords.js';
/** The issuer's usual password convention (batch/statement-passwords.ts), recognised from the file name. */
export function passwordHintFor(fileName) {
    const name = fileName.toUpperCase();
    if (name.includes('NSDL'))
        return ISSUER_HINTS.NSDL;
    if (name.includes('CDSL'))
        return ISSUER_HINTS.CDSL;
    if (/KFIN|KARVY/.test(name))
        return ISSUER_HINTS.KFINTECH;
    if (/CAMS|CAS/.test(name))
        return ISSUER_HINTS.CAMS;
    return null;
}
//# sourceMappingURL=password-hint.js.map