import { describe, expect, it } from '@jest/globals';
import { classifyTransaction } from '../../../src/modules/extraction/transaction-types.js';
import type { TransactionType } from '../../../src/modules/extraction/types.js';

// The description as printed, its units and amount, and the type it must get. Units and amounts are
// negative when a statement prints them in brackets (units or money leaving the holding).
interface Case {
  description: string;
  units: number | null;
  amount: number | null;
  expected: TransactionType;
}

const purchases: Case[] = [
  { description: 'Purchase', units: 39.444, amount: 2499.88, expected: 'purchase' },
  { description: 'Purchase-BSE', units: 12.5, amount: 1000, expected: 'purchase' },
  { description: 'Purchase - NSE', units: 12.5, amount: 1000, expected: 'purchase' },
  { description: 'Additional Purchase', units: 5, amount: 500, expected: 'purchase' },
  { description: 'Fresh Purchase', units: 100, amount: 10000, expected: 'purchase' },
  { description: 'New Purchase - via Internet', units: 10, amount: 1000, expected: 'purchase' },
  { description: 'Purchase (Continuous Offer)', units: 10, amount: 1000, expected: 'purchase' },
  { description: 'NFO Allotment', units: 1000, amount: 10000, expected: 'purchase' },
  { description: 'Lumpsum Purchase through MFU', units: 10.123, amount: 5000, expected: 'purchase' },
  { description: 'By Allotment', units: 50, amount: 500, expected: 'purchase' },
];

const sips: Case[] = [
  { description: 'Systematic Investment', units: 4, amount: 1000, expected: 'sip_purchase' },
  { description: 'SIP Purchase - Instalment No 5', units: 45.123, amount: 5000, expected: 'sip_purchase' },
  { description: 'SIP Purchase - Instalment No - 12', units: 43.5, amount: 5000, expected: 'sip_purchase' },
  { description: 'SIP Purchase-BSE - Instalment No - 3/60', units: 20, amount: 2000, expected: 'sip_purchase' },
  { description: 'Purchase-SIP', units: 45.123, amount: 5000, expected: 'sip_purchase' },
  { description: 'Systematic Investment (13/24)', units: 216.346, amount: 4999.75, expected: 'sip_purchase' },
  { description: 'Systematic Investment - Instalment 7', units: 30, amount: 3000, expected: 'sip_purchase' },
  { description: 'Systematic Investment Purchase', units: 30, amount: 3000, expected: 'sip_purchase' },
  { description: 'SIP - Instalment 2/60', units: 1.5, amount: 500, expected: 'sip_purchase' },
  { description: 'XSIP Purchase', units: 2, amount: 250, expected: 'sip_purchase' },
];

const redemptions: Case[] = [
  { description: 'Redemption', units: -30, amount: -4000, expected: 'redemption' },
  { description: 'Redemption less TDS, STT', units: -38.129, amount: -515, expected: 'redemption' },
  { description: 'Redemption - Online', units: -10, amount: -1200, expected: 'redemption' },
  { description: 'Partial Redemption', units: -10, amount: -1200, expected: 'redemption' },
  { description: 'Repurchase', units: -10, amount: -1200, expected: 'redemption' },
  { description: 'Maturity Redemption', units: -1000, amount: -11000, expected: 'redemption' },
  { description: 'SWP', units: -8.1, amount: -1000, expected: 'swp' },
  { description: 'Systematic Withdrawal', units: -8.1, amount: -1000, expected: 'swp' },
  { description: 'Systematic Withdrawal Plan - Instalment 4', units: -8.1, amount: -1000, expected: 'swp' },
  { description: 'Redemption - SWP', units: -8.1, amount: -1000, expected: 'swp' },
];

const switches: Case[] = [
  { description: 'Switch-In', units: 100, amount: 10000, expected: 'switch_in' },
  { description: 'Switch-In - From HDFC Liquid Fund - Growth', units: 100, amount: 10000, expected: 'switch_in' },
  { description: 'Switch In - From ICICI Prudential Dividend Yield Equity Fund', units: 100, amount: 10000, expected: 'switch_in' },
  { description: 'Switch Over In', units: 100, amount: 10000, expected: 'switch_in' },
  { description: 'Switchover-In', units: 100, amount: 10000, expected: 'switch_in' },
  { description: 'Lateral Shift In', units: 100, amount: 10000, expected: 'switch_in' },
  { description: 'Switch-Out', units: -100, amount: -10000, expected: 'switch_out' },
  { description: 'Switch-Out - To Axis Banking & PSU Debt Fund', units: -100, amount: -10000, expected: 'switch_out' },
  { description: 'Switch Over Out', units: -100, amount: -10000, expected: 'switch_out' },
  { description: 'Lateral Shift Out', units: -100, amount: -10000, expected: 'switch_out' },
  // The units decide over the wording; without units the wording, then the amount's sign.
  { description: 'Switch', units: 100, amount: 10000, expected: 'switch_in' },
  { description: 'Switch', units: -100, amount: 10000, expected: 'switch_out' },
  { description: 'Switch Out', units: null, amount: 10000, expected: 'switch_out' },
  { description: 'Switch', units: null, amount: -10000, expected: 'switch_out' },
  { description: 'Change of Plan - Regular to Direct', units: 99.5, amount: 10000, expected: 'switch_in' },
];

const transfersAndStps: Case[] = [
  { description: 'STP In', units: 20, amount: 2000, expected: 'stp_in' },
  { description: 'STP - In from Kotak Liquid Fund', units: 20, amount: 2000, expected: 'stp_in' },
  { description: 'Systematic Transfer', units: 20, amount: 2000, expected: 'stp_in' },
  { description: 'Systematic Transfer Plan - In', units: 20, amount: 2000, expected: 'stp_in' },
  { description: 'STP Out', units: -0.5, amount: -2000, expected: 'stp_out' },
  { description: 'Systematic Transfer', units: -0.5, amount: -2000, expected: 'stp_out' },
  { description: 'Systematic Transfer Plan Out', units: null, amount: -2000, expected: 'stp_out' },
  { description: 'Transmission', units: 120, amount: 15000, expected: 'transfer_in' },
  { description: 'Transmission', units: -120, amount: -15000, expected: 'transfer_out' },
  { description: 'Transfer In', units: 10, amount: null, expected: 'transfer_in' },
  { description: 'Transfer Out', units: -10, amount: null, expected: 'transfer_out' },
  { description: 'Transfer-In', units: 10, amount: 1000, expected: 'transfer_in' },
  { description: 'Inter Depository Transfer', units: -10, amount: null, expected: 'transfer_out' },
  { description: 'Off-Market Transfer Cr', units: 10, amount: null, expected: 'transfer_in' },
];

const idcw: Case[] = [
  { description: 'IDCW Reinvestment', units: 1.234, amount: 100, expected: 'idcw_reinvestment' },
  { description: 'IDCW Reinvestment @ Rs.1.50 per unit', units: 1.234, amount: 100, expected: 'idcw_reinvestment' },
  { description: '*** IDCW Reinvestment @ Rs.1.50 per unit ***', units: 1.234, amount: 100, expected: 'idcw_reinvestment' },
  { description: 'Dividend Reinvested', units: 2, amount: 20, expected: 'idcw_reinvestment' },
  { description: 'Div. Reinvestment @ Rs 0.25 per unit', units: 2, amount: 20, expected: 'idcw_reinvestment' },
  { description: 'IDCW Paid', units: null, amount: 150, expected: 'idcw_payout' },
  { description: 'IDCW Paid @ Rs.0.50 per unit', units: null, amount: 150, expected: 'idcw_payout' },
  { description: 'Div. Payout', units: null, amount: 150, expected: 'idcw_payout' },
  { description: 'Dividend Payout @ Rs.2.00 per unit', units: 0, amount: 150, expected: 'idcw_payout' },
  { description: 'IDCW Paid less TDS', units: null, amount: 135, expected: 'idcw_payout' },
];

const charges: Case[] = [
  { description: '*** Stamp Duty ***', units: null, amount: 0.12, expected: 'stamp_duty' },
  { description: 'Stamp Duty', units: 0, amount: 0.25, expected: 'stamp_duty' },
  { description: '*** STT Paid ***', units: null, amount: 0.01, expected: 'stt' },
  { description: 'STT', units: null, amount: 0.06, expected: 'stt' },
  { description: 'TDS on IDCW', units: null, amount: 15, expected: 'tds' },
  { description: '*** TDS on Redemption ***', units: null, amount: 42.5, expected: 'tds' },
  { description: 'TDS Deducted', units: null, amount: 10, expected: 'tds' },
];

const corporateEvents: Case[] = [
  { description: 'Segregated Portfolio', units: 100, amount: null, expected: 'segregation' },
  { description: 'Units allotted in Segregated Portfolio', units: 100, amount: 0, expected: 'segregation' },
  { description: '*** Segregation ***', units: null, amount: 100, expected: 'segregation' },
  { description: 'Bonus', units: 10, amount: 0, expected: 'bonus' },
  { description: 'Bonus Units Allotted', units: 10, amount: null, expected: 'bonus' },
  { description: 'Consolidation/merger', units: 55.5, amount: 5000, expected: 'merger' },
  { description: 'Switch In - Merger', units: 55.5, amount: 5000, expected: 'merger' },
  { description: 'Switch Out - Merger', units: -55.5, amount: -5000, expected: 'merger' },
  { description: 'Scheme Merged into Axis Flexi Cap Fund', units: -55.5, amount: null, expected: 'merger' },
];

const reversals: Case[] = [
  { description: 'Reversal', units: -10, amount: -1000, expected: 'reversal' },
  { description: 'Rejection/Reversal', units: -10, amount: -1000, expected: 'reversal' },
  { description: 'Purchase Reversal', units: -10, amount: -1000, expected: 'reversal' },
  { description: '*** Invalid Purchase - Reversal ***', units: -10, amount: -1000, expected: 'reversal' },
  { description: 'SIP Purchase - Instalment No 6 - Rejected', units: -10, amount: -1000, expected: 'reversal' },
  { description: 'Switch-In Reversal', units: -100, amount: -10000, expected: 'reversal' },
  { description: 'Redemption Reversal', units: 30, amount: 4000, expected: 'reversal' },
  { description: 'Stamp Duty Reversal', units: null, amount: -0.25, expected: 'reversal' },
  // Worded as a purchase but takes units away, or as a sale but adds them: an undone row.
  { description: 'Purchase', units: -10, amount: -1000, expected: 'reversal' },
  { description: 'Redemption', units: 30, amount: 4000, expected: 'reversal' },
];

const notes: Case[] = [
  { description: '*** SIP Registered ***', units: 0, amount: null, expected: 'other' },
  { description: '*** SIP Registered - Monthly from 05-Aug-2026 ***', units: null, amount: null, expected: 'other' },
  { description: '*** Systematic Investment Registered - starts 05-Aug-2026 ***', units: null, amount: 5000, expected: 'other' },
  { description: '*** SIP Cancelled ***', units: null, amount: 5000, expected: 'other' },
  { description: 'Nominee registered', units: null, amount: null, expected: 'other' },
  { description: '*** Address Updated ***', units: null, amount: null, expected: 'other' },
  { description: '*** No transactions during this statement period ***', units: null, amount: null, expected: 'other' },
  { description: 'Purchase', units: null, amount: null, expected: 'other' },
  { description: 'Exit Load', units: null, amount: 12.5, expected: 'other' },
  { description: 'Pledge Created', units: 10, amount: null, expected: 'other' },
];

const bySign: Case[] = [
  { description: 'ON-CR BSE Settlement', units: 10, amount: 1500, expected: 'purchase' },
  { description: 'EP-DR NSE Settlement', units: -10, amount: -1500, expected: 'redemption' },
];

describe('classifyTransaction', () => {
  const all = [...purchases, ...sips, ...redemptions, ...switches, ...transfersAndStps, ...idcw, ...charges, ...corporateEvents, ...reversals, ...notes, ...bySign];

  it('has at least 60 real-looking descriptions', () => {
    expect(all.length).toBeGreaterThanOrEqual(60);
  });

  describe.each([
    { name: 'purchases', cases: purchases },
    { name: 'SIP instalments', cases: sips },
    { name: 'redemptions and SWP', cases: redemptions },
    { name: 'switches', cases: switches },
    { name: 'STP and transfers', cases: transfersAndStps },
    { name: 'IDCW', cases: idcw },
    { name: 'charges', cases: charges },
    { name: 'segregation, bonus, merger', cases: corporateEvents },
    { name: 'reversals', cases: reversals },
    { name: 'notes without money or units', cases: notes },
    { name: 'unnamed rows typed by their signs', cases: bySign },
  ] as Array<{ name: string; cases: Case[] }>)('$name', ({ cases }) => {
    it.each(cases)('"$description" (units $units, amount $amount) is $expected', ({ description, units, amount, expected }) => {
      expect(classifyTransaction(description, units, amount)).toBe(expected);
    });
  });
});
