/**
 * A tax certificate: a certificate of tax deducted at source (Form 16A, under section 203 of the
 * Income-tax Act) or an interest certificate for a financial year. Amounts paid and tax deducted,
 * no holdings. (A capital-gains statement is not described here.)
 */
import { cue, NO_TOTALS } from './family.js';
export const TAX_CERTIFICATE = {
    code: 'TAX_CERTIFICATE',
    title: 'a tax certificate (TDS or interest certificate)',
    holdings: false,
    issuer: null,
    securities: 'none',
    folios: false,
    cues: [
        cue(/Form\s*(?:No\.?\s*)?16\s*-?\s*A\b|TDS\s+Certificate|Certificate\s+of\s+(?:Tax\s+Deducted|Deduction\s+of\s+Tax|Interest)|Interest\s+Certificate|Tax\s+Deduction\s+Certificate/i, 4, 3),
        cue(/section\s+203\b|Income[\s-]*tax\s+Act/i, 2),
        cue(/Tax\s+Deducted\s+at\s+Source|\bTDS\b/i, 2),
        cue(/\bTAN\b/, 2),
        cue(/Deductor|Deductee/i, 2),
        cue(/Assessment\s+Year|Financial\s+Year|\b[AF]\.\s*Y\.?\s*\d{4}/i, 1),
        cue(/Section\s*194\s*-?\s*A?\b|u\/s\s*194/i, 2),
        cue(/BSR\s+Code|Challan/i, 1),
        cue(/Interest\s+(?:Paid|Earned|Credited|Accrued)/i, 1),
    ],
    sections: [],
    totals: NO_TOTALS,
    accountId: null,
    productCode: null,
};
//# sourceMappingURL=tax-certificate.js.map