export const CAMS = {
    id: 'CAMS',
    names: [
        /Computer\s+Age\s+Management\s+Services/i,
        // The wordmark in capitals only: "cams" is part of ordinary words.
        /\bCAMS\b/,
        /camsonline/i,
    ],
};
export const KFINTECH = {
    id: 'KFINTECH',
    names: [
        // "KFin Technologies Ltd.", "KFIN TECHNOLOGIES LIMITED", "KFINTECH", "KFintech"
        /\bKFIN\s*TECH/i,
        // Its former names
        /Karvy\s+Fintech/i,
        /\bKARVY\b/i,
    ],
};
export const NSDL = {
    id: 'NSDL',
    names: [/National\s+Securities\s+Depository/i, /\bNSDL\b/],
};
export const CDSL = {
    id: 'CDSL',
    names: [/Central\s+Depository\s+Services/i, /\bCDSL\b/],
};
export const ISSUERS = [CAMS, KFINTECH, NSDL, CDSL];
//# sourceMappingURL=issuers.js.map