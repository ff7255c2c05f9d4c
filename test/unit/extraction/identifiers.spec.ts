import { describe, expect, it } from '@jest/globals';
import { findIsin, findPan, isinCheckDigit, isValidIsin, isValidPan } from '../../../src/modules/extraction/identifiers.js';

describe('ISIN', () => {
  it.each([
    { isin: 'INE002A01018', ok: true }, // Reliance Industries
    { isin: 'INE009A01021', ok: true }, // Infosys
    { isin: 'INF179K01BE2', ok: true }, // HDFC Flexi Cap Regular Growth
    { isin: 'US0378331005', ok: true }, // Apple
    { isin: 'INE002A01019', ok: false },
    { isin: 'INF179K01BE3', ok: false },
    { isin: 'INE002A0101', ok: false },
    { isin: 'ine002a01018', ok: false },
    { isin: 'INE002A0101X', ok: false },
  ])('$isin valid = $ok', ({ isin, ok }) => {
    expect(isValidIsin(isin)).toBe(ok);
  });

  it('computes the check digit', () => {
    expect(isinCheckDigit('INE002A0101')).toBe(8);
    expect(isinCheckDigit('US037833100')).toBe(5);
    expect(isinCheckDigit('bad')).toBeNull();
  });

  it.each([
    { text: 'B205RG-HDFC Flexi Cap Fund (Non-Demat) - ISIN: INF179K01BE2(Advisor: ARN-0155) Registrar : CAMS', isin: 'INF179K01BE2' },
    { text: 'ISIN : INF179K0 1BE2 (Advisor: DIRECT)', isin: 'INF179K01BE2' },
    { text: 'INE002A01018 RELIANCE INDUSTRIES 100 1,412.50 1,41,250.00', isin: 'INE002A01018' },
    { text: 'ISIN: INE002A01019 (bad check digit, still reported)', isin: 'INE002A01019' },
    { text: 'Folio No: 12345 / 67', isin: null },
  ])('finds the ISIN in $text', ({ text, isin }) => {
    expect(findIsin(text)).toBe(isin);
  });
});

describe('PAN', () => {
  it.each([
    { pan: 'ABCPD1234E', ok: true },
    { pan: 'AAACR5055K', ok: true }, // company
    { pan: 'ABCXD1234E', ok: false }, // X is not a holder type
    { pan: 'ABCPD1234', ok: false },
    { pan: 'abcpd1234e', ok: false },
    { pan: '1BCPD1234E', ok: false },
  ])('$pan valid = $ok', ({ pan, ok }) => {
    expect(isValidPan(pan)).toBe(ok);
  });

  it('reads the PAN after its label, not the status word', () => {
    expect(findPan('Folio No: 123 / 45 PAN: ABCPD1234E KYC: OK PAN: OK')).toBe('ABCPD1234E');
    expect(findPan('KYC: OK PAN: OK')).toBeNull();
    expect(findPan('Ramesh Kumar (PAN:ABCPD1234E)')).toBe('ABCPD1234E');
  });
});
