import { describe, expect, it } from '@jest/globals';
import { classifyTransaction } from '../../../src/modules/nexus/extraction/transaction-types.js';
import type { TransactionType } from '../../../src/modules/nexus/extraction/types.js';

// [description as printed, units, amount, expected type]. Units and amounts are negative when a
// statement prints them in brackets (units or money leaving the holding).
type Case = [string, number | null, number | null, TransactionType];

const purchases: Case[] = [
  ['Purchase', 39.444, 2499.88, 'purchase'],
  ['Purchase-BSE', 12.5, 1000, 'purchase'],
  ['Purchase - NSE', 12.5, 1000, 'purchase'],
  ['Additional Purchase', 5, 500, 'purchase'],
  ['Fresh Purchase', 100, 10000, 'purchase'],
  ['New Purchase - via Internet', 10, 1000, 'purchase'],
  ['Purchase (Continuous Offer)', 10, 1000, 'purchase'],
  ['NFO Allotment', 1000, 10000, 'purchase'],
  ['Lumpsum Purchase through MFU', 10.123, 5000, 'purchase'],
  ['By Allotment', 50, 500, 'purchase'],
];

const sips: Case[] = [
  ['Systematic Investment', 4, 1000, 'sip_purchase'],
  ['SIP Purchase - Instalment No 5', 45.123, 5000, 'sip_purchase'],
  ['SIP Purchase - Instalment No - 12', 43.5, 5000, 'sip_purchase'],
  ['SIP Purchase-BSE - Instalment No - 3/60', 20, 2000, 'sip_purchase'],
  ['Purchase-SIP', 45.123, 5000, 'sip_purchase'],
  ['Systematic Investment (13/24)', 216.346, 4999.75, 'sip_purchase'],
  ['Systematic Investment - Instalment 7', 30, 3000, 'sip_purchase'],
  ['Systematic Investment Purchase', 30, 3000, 'sip_purchase'],
  ['SIP - Instalment 2/60', 1.5, 500, 'sip_purchase'],
  ['XSIP Purchase', 2, 250, 'sip_purchase'],
];

const redemptions: Case[] = [
  ['Redemption', -30, -4000, 'redemption'],
  ['Redemption less TDS, STT', -38.129, -515, 'redemption'],
  ['Redemption - Online', -10, -1200, 'redemption'],
  ['Partial Redemption', -10, -1200, 'redemption'],
  ['Repurchase', -10, -1200, 'redemption'],
  ['Maturity Redemption', -1000, -11000, 'redemption'],
  ['SWP', -8.1, -1000, 'swp'],
  ['Systematic Withdrawal', -8.1, -1000, 'swp'],
  ['Systematic Withdrawal Plan - Instalment 4', -8.1, -1000, 'swp'],
  ['Redemption - SWP', -8.1, -1000, 'swp'],
];

const switches: Case[] = [
  ['Switch-In', 100, 10000, 'switch_in'],
  ['Switch-In - From HDFC Liquid Fund - Growth', 100, 10000, 'switch_in'],
  ['Switch In - From ICICI Prudential Dividend Yield Equity Fund', 100, 10000, 'switch_in'],
  ['Switch Over In', 100, 10000, 'switch_in'],
  ['Switchover-In', 100, 10000, 'switch_in'],
  ['Lateral Shift In', 100, 10000, 'switch_in'],
  ['Switch-Out', -100, -10000, 'switch_out'],
  ['Switch-Out - To Axis Banking & PSU Debt Fund', -100, -10000, 'switch_out'],
  ['Switch Over Out', -100, -10000, 'switch_out'],
  ['Lateral Shift Out', -100, -10000, 'switch_out'],
  // The units decide over the wording; without units the wording, then the amount's sign.
  ['Switch', 100, 10000, 'switch_in'],
  ['Switch', -100, 10000, 'switch_out'],
  ['Switch Out', null, 10000, 'switch_out'],
  ['Switch', null, -10000, 'switch_out'],
  ['Change of Plan - Regular to Direct', 99.5, 10000, 'switch_in'],
];

const transfersAndStps: Case[] = [
  ['STP In', 20, 2000, 'stp_in'],
  ['STP - In from Kotak Liquid Fund', 20, 2000, 'stp_in'],
  ['Systematic Transfer', 20, 2000, 'stp_in'],
  ['Systematic Transfer Plan - In', 20, 2000, 'stp_in'],
  ['STP Out', -0.5, -2000, 'stp_out'],
  ['Systematic Transfer', -0.5, -2000, 'stp_out'],
  ['Systematic Transfer Plan Out', null, -2000, 'stp_out'],
  ['Transmission', 120, 15000, 'transfer_in'],
  ['Transmission', -120, -15000, 'transfer_out'],
  ['Transfer In', 10, null, 'transfer_in'],
  ['Transfer Out', -10, null, 'transfer_out'],
  ['Transfer-In', 10, 1000, 'transfer_in'],
  ['Inter Depository Transfer', -10, null, 'transfer_out'],
  ['Off-Market Transfer Cr', 10, null, 'transfer_in'],
];

const idcw: Case[] = [
  ['IDCW Reinvestment', 1.234, 100, 'idcw_reinvestment'],
  ['IDCW Reinvestment @ Rs.1.50 per unit', 1.234, 100, 'idcw_reinvestment'],
  ['*** IDCW Reinvestment @ Rs.1.50 per unit ***', 1.234, 100, 'idcw_reinvestment'],
  ['Dividend Reinvested', 2, 20, 'idcw_reinvestment'],
  ['Div. Reinvestment @ Rs 0.25 per unit', 2, 20, 'idcw_reinvestment'],
  ['IDCW Paid', null, 150, 'idcw_payout'],
  ['IDCW Paid @ Rs.0.50 per unit', null, 150, 'idcw_payout'],
  ['Div. Payout', null, 150, 'idcw_payout'],
  ['Dividend Payout @ Rs.2.00 per unit', 0, 150, 'idcw_payout'],
  ['IDCW Paid less TDS', null, 135, 'idcw_payout'],
];

const charges: Case[] = [
  ['*** Stamp Duty ***', null, 0.12, 'stamp_duty'],
  ['Stamp Duty', 0, 0.25, 'stamp_duty'],
  ['*** STT Paid ***', null, 0.01, 'stt'],
  ['STT', null, 0.06, 'stt'],
  ['TDS on IDCW', null, 15, 'tds'],
  ['*** TDS on Redemption ***', null, 42.5, 'tds'],
  ['TDS Deducted', null, 10, 'tds'],
];

const corporateEvents: Case[] = [
  ['Segregated Portfolio', 100, null, 'segregation'],
  ['Units allotted in Segregated Portfolio', 100, 0, 'segregation'],
  ['*** Segregation ***', null, 100, 'segregation'],
  ['Bonus', 10, 0, 'bonus'],
  ['Bonus Units Allotted', 10, null, 'bonus'],
  ['Consolidation/merger', 55.5, 5000, 'merger'],
  ['Switch In - Merger', 55.5, 5000, 'merger'],
  ['Switch Out - Merger', -55.5, -5000, 'merger'],
  ['Scheme Merged into Axis Flexi Cap Fund', -55.5, null, 'merger'],
];

const reversals: Case[] = [
  ['Reversal', -10, -1000, 'reversal'],
  ['Rejection/Reversal', -10, -1000, 'reversal'],
  ['Purchase Reversal', -10, -1000, 'reversal'],
  ['*** Invalid Purchase - Reversal ***', -10, -1000, 'reversal'],
  ['SIP Purchase - Instalment No 6 - Rejected', -10, -1000, 'reversal'],
  ['Switch-In Reversal', -100, -10000, 'reversal'],
  ['Redemption Reversal', 30, 4000, 'reversal'],
  ['Stamp Duty Reversal', null, -0.25, 'reversal'],
  // Worded as a purchase but takes units away, or as a sale but adds them: an undone row.
  ['Purchase', -10, -1000, 'reversal'],
  ['Redemption', 30, 4000, 'reversal'],
];

const notes: Case[] = [
  ['*** SIP Registered ***', 0, null, 'other'],
  ['*** SIP Registered - Monthly from 05-Aug-2026 ***', null, null, 'other'],
  ['*** Systematic Investment Registered - starts 05-Aug-2026 ***', null, 5000, 'other'],
  ['*** SIP Cancelled ***', null, 5000, 'other'],
  ['Nominee registered', null, null, 'other'],
  ['*** Address Updated ***', null, null, 'other'],
  ['*** No transactions during this statement period ***', null, null, 'other'],
  ['Purchase', null, null, 'other'],
  ['Exit Load', null, 12.5, 'other'],
  ['Pledge Created', 10, null, 'other'],
];

const bySign: Case[] = [
  ['ON-CR BSE Settlement', 10, 1500, 'purchase'],
  ['EP-DR NSE Settlement', -10, -1500, 'redemption'],
];

describe('classifyTransaction', () => {
  const all = [...purchases, ...sips, ...redemptions, ...switches, ...transfersAndStps, ...idcw, ...charges, ...corporateEvents, ...reversals, ...notes, ...bySign];

  it('has at least 60 real-looking descriptions', () => {
    expect(all.length).toBeGreaterThanOrEqual(60);
  });

  describe.each([
    ['purchases', purchases],
    ['SIP instalments', sips],
    ['redemptions and SWP', redemptions],
    ['switches', switches],
    ['STP and transfers', transfersAndStps],
    ['IDCW', idcw],
    ['charges', charges],
    ['segregation, bonus, merger', corporateEvents],
    ['reversals', reversals],
    ['notes without money or units', notes],
    ['unnamed rows typed by their signs', bySign],
  ] as Array<[string, Case[]]>)('%s', (_group, cases) => {
    it.each(cases)('%j (units %p, amount %p) is %s', (description, units, amount, expected) => {
      expect(classifyTransaction(description, units, amount)).toBe(expected);
    });
  });
});
