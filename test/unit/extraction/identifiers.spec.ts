import { describe, expect, it } from '@jest/globals';
import { findIsin, findPan, isinCheckDigit, isValidIsin, isValidPan } from '../../../src/modules/nexus/extraction/identifiers.js';

describe('ISIN', () => {
  it.each([
    ['INE002A01018', true], // Reliance Industries
    ['INE009A01021', true], // Infosys
    ['INF179K01BE2', true], // HDFC Flexi Cap Regular Growth
    ['US0378331005', true], // Apple
    ['INE002A01019', false],
    ['INF179K01BE3', false],
    ['INE002A0101', false],
    ['ine002a01018', false],
    ['INE002A0101X', false],
  ])('%s valid = %s', (isin, ok) => {
    expect(isValidIsin(isin)).toBe(ok);
  });

  it('computes the check digit', () => {
    expect(isinCheckDigit('INE002A0101')).toBe(8);
    expect(isinCheckDigit('US037833100')).toBe(5);
    expect(isinCheckDigit('bad')).toBeNull();
  });

  it.each([
    ['B205RG-HDFC Flexi Cap Fund (Non-Demat) - ISIN: INF179K01BE2(Advisor: ARN-0155) Registrar : CAMS', 'INF179K01BE2'],
    ['ISIN : INF179K0 1BE2 (Advisor: DIRECT)', 'INF179K01BE2'],
    ['INE002A01018 RELIANCE INDUSTRIES 100 1,412.50 1,41,250.00', 'INE002A01018'],
    ['ISIN: INE002A01019 (bad check digit, still reported)', 'INE002A01019'],
    ['Folio No: 12345 / 67', null],
  ])('finds the ISIN in %j', (text, isin) => {
    expect(findIsin(text)).toBe(isin);
  });
});

describe('PAN', () => {
  it.each([
    ['ABCPD1234E', true],
    ['AAACR5055K', true], // company
    ['ABCXD1234E', false], // X is not a holder type
    ['ABCPD1234', false],
    ['abcpd1234e', false],
    ['1BCPD1234E', false],
  ])('%s valid = %s', (pan, ok) => {
    expect(isValidPan(pan)).toBe(ok);
  });

  it('reads the PAN after its label, not the status word', () => {
    expect(findPan('Folio No: 123 / 45 PAN: ABCPD1234E KYC: OK PAN: OK')).toBe('ABCPD1234E');
    expect(findPan('KYC: OK PAN: OK')).toBeNull();
    expect(findPan('Ramesh Kumar (PAN:ABCPD1234E)')).toBe('ABCPD1234E');
  });
});
