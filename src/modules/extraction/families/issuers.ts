/**
 * The registrars and depositories that issue statements, by the names they print. Where a name is
 * printed decides how much it says (`classification/issuer-evidence.ts`): a registrar's name in a fund's row or
 * after "Registrar :" says who services that folio, not who issued the statement.
 */
import type { Issuer } from './family.js';

export const CAMS: Issuer = {
  id: 'CAMS',
  names: [
    /Computer\s+Age\s+Management\s+Services/i,
    // The wordmark in capitals only: "cams" is part of ordinary words.
    /\bCAMS\b/,
    /camsonline/i,
  ],
};

export const KFINTECH: Issuer = {
  id: 'KFINTECH',
  names: [
    // "KFin Technologies Ltd.", "KFIN TECHNOLOGIES LIMITED", "KFINTECH", "KFintech"
    /\bKFIN\s*TECH/i,
    // Its former names
    /Karvy\s+Fintech/i,
    /\bKARVY\b/i,
  ],
};

export const NSDL: Issuer = {
  id: 'NSDL',
  names: [/National\s+Securities\s+Depository/i, /\bNSDL\b/],
};

export const CDSL: Issuer = {
  id: 'CDSL',
  names: [/Central\s+Depository\s+Services/i, /\bCDSL\b/],
};

export const ISSUERS: readonly Issuer[] = [CAMS, KFINTECH, NSDL, CDSL];
