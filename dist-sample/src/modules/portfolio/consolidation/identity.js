/** Folios print as "1234567 / 89" or "1234567/89": spacing and case carry no meaning. */
export const normaliseFolio = (folio) => folio.replace(/\s+/g, '').toUpperCase();
/** "IN300126 / 12345678", "IN30012612345678" and "IN300126 12345678" are one NSDL account. */
export const normaliseAccount = (account) => account.replace(/[\s/-]+/g, '').toUpperCase();
/** The investor: the PAN, else the name as printed (case and spacing aside). */
export const investorKey = (e) => e.pan ? e.pan.toUpperCase() : `NAME:${(e.entity_name ?? '').replace(/\s+/g, ' ').trim().toUpperCase()}`;
export function positionIdentity(e, h) {
    const isin = h.isin.toUpperCase();
    if (h.folio && h.folio.trim())
        return { id: `${investorKey(e)}|folio:${normaliseFolio(h.folio)}|${isin}`, kind: 'folio' };
    if (h.account_id && h.account_id.trim())
        return { id: `${investorKey(e)}|demat:${normaliseAccount(h.account_id)}|${isin}`, kind: 'demat' };
    // Neither printed: the ISIN alone is all the statement says about where the units are.
    return { id: `${investorKey(e)}|unplaced|${isin}`, kind: 'folio' };
}
//# sourceMappingURL=identity.js.map