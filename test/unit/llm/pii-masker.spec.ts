import { describe, expect, it } from '@jest/globals';
import { PiiMasker, type KnownIdentifier } from '../../../src/modules/llm/pii-masker.js';

const masker = new PiiMasker();

describe('PiiMasker', () => {
  it.each([
    ['a PAN', 'PAN: ORYPN9071B', 'PAN: [PAN_1]'],
    ['a PAN in lower case', 'my pan is abcpe1234f.', 'my pan is [PAN_1].'],
    ['an e-mail', 'Write to meera.nair42@example.com today', 'Write to [EMAIL_1] today'],
    ['an e-mail with a plus and subdomain', 'a.b+cas@mail.example.co.in', '[EMAIL_1]'],
    ['a mobile with +91', 'Mobile: +91 9490739618', 'Mobile: [PHONE_1]'],
    ['a bare mobile', 'call 9876543210.', 'call [PHONE_1].'],
    ['a mobile in groups', 'call 98765 43210 or 98765-43211', 'call [PHONE_1] or [PHONE_2]'],
    ['a mobile with a trunk zero', 'Tel 09876543210', 'Tel [PHONE_1]'],
    ['a landline with STD code', 'Office 022-24567890', 'Office [PHONE_1]'],
    ['a landline with country code', 'Office +91 80 4567 8901', 'Office [PHONE_1]'],
    ['a labelled folio', 'Folio No: 1234567 / 89', 'Folio No: [FOLIO_1]'],
    ['a labelled folio without a check digit', 'Folio Number 12345678', 'Folio Number [FOLIO_1]'],
    ['an alphanumeric folio', 'folio #AB123456', 'folio #[FOLIO_1]'],
    ['a 10-digit folio (not a phone number)', 'Folio No: 7871296331 / 25', 'Folio No: [FOLIO_1]'],
    ['an unlabelled CAMS folio', 'in 9821743 / 79 the units', 'in [FOLIO_1] the units'],
    ['an NSDL DP ID and client id', 'Account IN300126 / 11223344', 'Account [DEMAT_ACCOUNT_1]'],
    ['an NSDL id written as one token', 'IN30012611223344', '[DEMAT_ACCOUNT_1]'],
    ['labelled DP and client ids', 'DP ID: IN300126 Client ID: 11223344', 'DP ID: [DEMAT_ACCOUNT_1] Client ID: [DEMAT_ACCOUNT_2]'],
    ['a CDSL BO ID', 'BO ID: 1208160012345678', 'BO ID: [DEMAT_ACCOUNT_1]'],
    ['an unlabelled BO ID in groups of four', 'account 1208 1600 1234 5678 holds', 'account [DEMAT_ACCOUNT_1] holds'],
  ])('masks %s', (_label, input, expected) => {
    expect(masker.mask(input)).toBe(expected);
  });

  it.each([
    ['amounts in the Indian grouping', 'worth INR 12,34,56,789.00 as of 2025-09-30.'],
    ['an amount without grouping', 'market value 9876543210.55 today'],
    ['units and NAVs', '4,176.484 units at 328.9714 = 13,73,943.79'],
    ['percentages', 'equity 64.25%, debt 20.10%, hybrid 15.65%, other 0.00%.'],
    ['fund ISINs', 'SBI Equity Hybrid Fund (INF200K017V5) and INF174K01X08'],
    ['listed and G-sec ISINs', 'INE002A01018 RELIANCE INDUSTRIES, IN0020230085 GOI 7.18% 2033'],
    ['dates', '30/09/2025, 01-10-2025, 30-Sep-2025'],
    ['scheme names', 'Kotak Bond Short Term Fund - Regular Plan - Growth; HDFC Top 100 Fund'],
    ['ordinary words around the labels', 'spread across 4 folios; folio count 3; the client id field is empty'],
  ])('leaves %s alone', (_label, input) => {
    expect(masker.mask(input)).toBe(input);
  });

  it('gives the same value the same placeholder and unmasks the answer', () => {
    const session = masker.session();
    const masked = session.mask('PAN ORYPN9071B and RMAPM5296H; again ORYPN9071B. Folio No: 1234567/89, Folio 1234567 / 89');
    expect(masked).toBe('PAN [PAN_1] and [PAN_2]; again [PAN_1]. Folio No: [FOLIO_1], Folio [FOLIO_1]');
    expect(session.masked).toBe(3);
    expect(session.unmask('Investor [PAN_2] differs from [PAN_1]; [PAN_9] is unknown')).toBe('Investor RMAPM5296H differs from ORYPN9071B; [PAN_9] is unknown');
  });

  it.each<[string, KnownIdentifier[], string, string]>([
    ['a known folio printed with other spacing', [{ kind: 'FOLIO', value: '9821743 / 79' }], 'see 9821743/79 here', 'see [FOLIO_1] here'],
    ['a known short folio without a label', [{ kind: 'FOLIO', value: '48213' }], 'folios 48213 and 482130', 'folios [FOLIO_1] and 482130'],
    ['a known demat account', [{ kind: 'DEMAT_ACCOUNT', value: 'IN301549 / 55667788' }], 'IN301549-55667788', '[DEMAT_ACCOUNT_1]'],
  ])('masks %s', (_label, known, input, expected) => {
    expect(masker.mask(input, known)).toBe(expected);
  });
});
