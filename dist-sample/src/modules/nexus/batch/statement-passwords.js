/**
 * How the statement issuers derive a PDF's password from the investor's PAN and date of birth: the
 * one table of these conventions in the product. Batch uploads try every convention of a client on
 * an encrypted file (statement-passwords are tried, never shown); single uploads give the issuer's
 * hint (password-hint.ts reads `hint` from here).
 *
 * Public sources disagree about several issuers, so where they do every plausible convention is kept
 * as a candidate for every file (trying one more candidate costs milliseconds; missing the right one
 * costs a manual step), and the table says which source gave which:
 *
 * - NSDL e-CAS: the product's hint, the test generator and the PII masker say the PAN's first five
 *   letters and DDMMYYYY; removepdfpassword.in says the whole PAN and DDMMYYYY. Both are kept.
 * - CDSL CAS: the product's hint said the PAN in capitals; removepdfpassword.in says DDMMYYYY. Both kept.
 * - CAMS and KFintech CAS: the product's hint and the generator say the PAN in capitals;
 *   removepdfpassword.in says the PAN's first four letters and DDMM; portfoliointel's CAS guide says the
 *   PAN and DDMMYYYY. A CAMS or KFintech mailback statement is protected with a password the investor
 *   chose when requesting it (Investwell's CAS import guide): those are the client's own
 *   `statement_passwords`, tried first.
 *
 * Sources (read 2026-11-24):
 * - removepdfpassword.in, "Mutual Fund Statement PDF Password — All AMCs":
 *   https://www.removepdfpassword.in/mutual-fund-statement-passwords
 * - portfoliointel, "CAS Format Guide": https://portfoliointel-docs.pages.dev/reference/cas-format-guide
 * - Investwell, "Import external funds using CAS" (a CAMS CAS is requested with a PDF password the
 *   investor sets): https://help.investwellonline.com/support/solutions/articles/19000111541-import-external-funds-using-cas
 * - NSDL e-CAS ("a password protected copy of your NSDL-CAS on your registered email id"):
 *   https://www.indianin.org/nsdlcas-nsdl-com-cas-consolidated-account-statement-national-securities-depository/
 */
/** DDMMYYYY of a YYYY-MM-DD date. */
const ddmmyyyy = (date) => `${date.slice(8, 10)}${date.slice(5, 7)}${date.slice(0, 4)}`;
const withDob = (f) => (facts) => (facts.dateOfBirth ? f(facts.pan, facts.dateOfBirth) : null);
/** The conventions, most often cited first: the order candidates are tried in. */
export const PASSWORD_CONVENTIONS = [
    { id: 'PAN', issuers: ['CAMS', 'KFINTECH', 'CDSL'], sources: ['product hint', 'test generator', 'removepdfpassword.in (AMC statements)'], derive: (f) => f.pan },
    { id: 'PAN5+DDMMYYYY', issuers: ['NSDL'], sources: ['product hint', 'test generator', 'PII masker'], derive: withDob((pan, dob) => pan.slice(0, 5) + ddmmyyyy(dob)) },
    { id: 'PAN+DDMMYYYY', issuers: ['NSDL', 'CAMS', 'KFINTECH'], sources: ['removepdfpassword.in (NSDL)', 'portfoliointel (CAMS, KFintech)'], derive: withDob((pan, dob) => pan + ddmmyyyy(dob)) },
    { id: 'DDMMYYYY', issuers: ['CDSL'], sources: ['removepdfpassword.in (CDSL)'], derive: withDob((_pan, dob) => ddmmyyyy(dob)) },
    { id: 'PAN4+DDMM', issuers: ['CAMS', 'KFINTECH'], sources: ['removepdfpassword.in (CAMS, KFintech CAS)'], derive: withDob((pan, dob) => pan.slice(0, 4) + ddmmyyyy(dob).slice(0, 4)) },
];
/** The hint a single upload answers for an issuer recognised from the file name (never a password). */
export const ISSUER_HINTS = {
    NSDL: 'NSDL CAS: usually the first five letters of your PAN followed by your date of birth (DDMMYYYY), e.g. ABCDE01011990; some statements use the whole PAN followed by the date of birth',
    CDSL: 'CDSL CAS: usually your PAN in capital letters, e.g. ABCDE1234F, or your date of birth (DDMMYYYY)',
    KFINTECH: 'KFintech CAS: the password you chose when requesting it, or your PAN in capital letters, e.g. ABCDE1234F',
    CAMS: 'CAMS CAS: the password you chose when requesting it, or your PAN in capital letters, e.g. ABCDE1234F',
};
/** Everything to try for one client: the passwords it holds first, then each convention's; no repeats. */
export function clientCandidates(facts, held) {
    const derived = PASSWORD_CONVENTIONS.map((c) => c.derive(facts)).filter((p) => p !== null);
    return [...new Set([...held, ...derived])];
}
//# sourceMappingURL=statement-passwords.js.map