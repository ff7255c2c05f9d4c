/**
 * The data that flows between the pipeline's statement-understanding stages. Every stage's output is
 * stored as JSON on its stage row, so these types are plain data (no classes, no Dates).
 */
/**
 * What a transaction row is, from one vocabulary (the printed `description` stays beside it).
 * `transaction-types.ts` decides it from the description and the row's signs.
 */
export const TRANSACTION_TYPES = [
    'purchase',
    'sip_purchase',
    'redemption',
    'switch_in',
    'switch_out',
    'stp_in',
    'stp_out',
    'swp',
    'idcw_payout',
    'idcw_reinvestment',
    'stamp_duty',
    'stt',
    'tds',
    'segregation',
    'reversal',
    'bonus',
    'merger',
    'transfer_in',
    'transfer_out',
    'other',
];
//# sourceMappingURL=types.js.map