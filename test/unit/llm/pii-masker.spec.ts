import { describe, expect, it } from '@jest/globals';
import { extractionIdentifiers, PiiMasker, type KnownIdentifier } from '../../../src/modules/llm/pii-masker.js';
import { isValidAadhaar } from '../../../src/modules/llm/pii-rules.js';

const masker = new PiiMasker();

describe('PiiMasker', () => {
  it.each([
    { name: 'a PAN', input: 'PAN: ORYPN9071B', expected: 'PAN: [PAN_1]' },
    { name: 'a PAN in lower case', input: 'my pan is abcpe1234f.', expected: 'my pan is [PAN_1].' },
    { name: 'an e-mail', input: 'Write to meera.nair42@example.com today', expected: 'Write to [EMAIL_1] today' },
    { name: 'an e-mail with a plus and subdomain', input: 'a.b+cas@mail.example.co.in', expected: '[EMAIL_1]' },
    { name: 'a mobile with +91', input: 'Mobile: +91 9490739618', expected: 'Mobile: [PHONE_1]' },
    { name: 'a bare mobile', input: 'call 9876543210.', expected: 'call [PHONE_1].' },
    { name: 'a mobile in groups', input: 'call 98765 43210 or 98765-43211', expected: 'call [PHONE_1] or [PHONE_2]' },
    { name: 'a mobile with a trunk zero', input: 'Tel 09876543210', expected: 'Tel [PHONE_1]' },
    { name: 'a landline with STD code', input: 'Office 022-24567890', expected: 'Office [PHONE_1]' },
    { name: 'a landline with country code', input: 'Office +91 80 4567 8901', expected: 'Office [PHONE_1]' },
    { name: 'a labelled folio', input: 'Folio No: 1234567 / 89', expected: 'Folio No: [FOLIO_1]' },
    { name: 'a labelled folio without a check digit', input: 'Folio Number 12345678', expected: 'Folio Number [FOLIO_1]' },
    { name: 'an alphanumeric folio', input: 'folio #AB123456', expected: 'folio #[FOLIO_1]' },
    { name: 'a 10-digit folio (not a phone number)', input: 'Folio No: 7871296331 / 25', expected: 'Folio No: [FOLIO_1]' },
    { name: 'an unlabelled CAMS folio', input: 'in 9821743 / 79 the units', expected: 'in [FOLIO_1] the units' },
    { name: 'an NSDL DP ID and client id', input: 'Account IN300126 / 11223344', expected: 'Account [DEMAT_ACCOUNT_1]' },
    { name: 'an NSDL id written as one token', input: 'IN30012611223344', expected: '[DEMAT_ACCOUNT_1]' },
    { name: 'labelled DP and client ids', input: 'DP ID: IN300126 Client ID: 11223344', expected: 'DP ID: [DEMAT_ACCOUNT_1] Client ID: [DEMAT_ACCOUNT_2]' },
    { name: 'a CDSL BO ID', input: 'BO ID: 1208160012345678', expected: 'BO ID: [DEMAT_ACCOUNT_1]' },
    { name: 'an unlabelled BO ID in groups of four', input: 'account 1208 1600 1234 5678 holds', expected: 'account [DEMAT_ACCOUNT_1] holds' },
  ])('masks $name', ({ input, expected }) => {
    expect(masker.mask(input)).toBe(expected);
  });

  it.each([
    { name: 'amounts in the Indian grouping', input: 'worth INR 12,34,56,789.00 as of 2025-09-30.' },
    { name: 'an amount without grouping', input: 'market value 9876543210.55 today' },
    { name: 'units and NAVs', input: '4,176.484 units at 328.9714 = 13,73,943.79' },
    { name: 'percentages', input: 'equity 64.25%, debt 20.10%, hybrid 15.65%, other 0.00%.' },
    { name: 'fund ISINs', input: 'SBI Equity Hybrid Fund (INF200K017V5) and INF174K01X08' },
    { name: 'listed and G-sec ISINs', input: 'INE002A01018 RELIANCE INDUSTRIES, IN0020230085 GOI 7.18% 2033' },
    { name: 'dates', input: '30/09/2025, 01-10-2025, 30-Sep-2025' },
    { name: 'scheme names', input: 'Kotak Bond Short Term Fund - Regular Plan - Growth; HDFC Top 100 Fund' },
    { name: 'ordinary words around the labels', input: 'spread across 4 folios; folio count 3; the client id field is empty' },
  ])('leaves $name alone', ({ input }) => {
    expect(masker.mask(input)).toBe(input);
  });

  it('gives the same value the same placeholder and unmasks the answer', () => {
    const session = masker.session();
    const masked = session.mask('PAN ORYPN9071B and RMAPM5296H; again ORYPN9071B. Folio No: 1234567/89, Folio 1234567 / 89');
    expect(masked).toBe('PAN [PAN_1] and [PAN_2]; again [PAN_1]. Folio No: [FOLIO_1], Folio [FOLIO_1]');
    expect(session.masked).toBe(3);
    expect(session.unmask('Investor [PAN_2] differs from [PAN_1]; [PAN_9] is unknown')).toBe('Investor RMAPM5296H differs from ORYPN9071B; [PAN_9] is unknown');
  });

  it.each<{ name: string; known: KnownIdentifier[]; input: string; expected: string }>([
    { name: 'a known folio printed with other spacing', known: [{ kind: 'FOLIO', value: '9821743 / 79' }], input: 'see 9821743/79 here', expected: 'see [FOLIO_1] here' },
    { name: 'a known short folio without a label', known: [{ kind: 'FOLIO', value: '48213' }], input: 'folios 48213 and 482130', expected: 'folios [FOLIO_1] and 482130' },
    { name: 'a known demat account', known: [{ kind: 'DEMAT_ACCOUNT', value: 'IN301549 / 55667788' }], input: 'IN301549-55667788', expected: '[DEMAT_ACCOUNT_1]' },
  ])('masks $name', ({ known, input, expected }) => {
    expect(masker.mask(input, known)).toBe(expected);
  });

  describe('corpus: identifiers that reach the model only masked', () => {
    const investors: KnownIdentifier[] = [
      { kind: 'NAME', value: 'Rajesh Banerjee' },
      { kind: 'NAME', value: 'Ramesh Chandra Banerjee' },
      { kind: 'PAN', value: 'HIYPB8630Z' },
    ];

    it.each([
      // PANs however they are written
      { name: 'a spaced PAN', input: 'PAN ABCDE 1234 F', expected: 'PAN [PAN_1]' },
      { name: 'a hyphenated PAN', input: 'PAN: ABCDE-1234-F.', expected: 'PAN: [PAN_1].' },
      { name: 'a spaced PAN in small letters after its label', input: 'my pan is abcde 1234 f', expected: 'my pan is [PAN_1]' },
      { name: 'an unlabelled hyphenated PAN', input: 'investor ABCPE-1234-F holds', expected: 'investor [PAN_1] holds' },
      { name: 'the CAS password form PAN + DDMMYYYY', input: 'password ABCPE1234F01011990', expected: 'password [PAN_1][DOB_1]' },
      { name: 'the CAS password form in small letters', input: 'the password is abcpe1234f23011987', expected: 'the password is [PAN_1][DOB_1]' },
      { name: 'the NSDL password form: five PAN letters + DDMMYYYY', input: 'NSDL password ABCPE01011990', expected: 'NSDL password [PAN_1][DOB_1]' },
      { name: 'the NSDL password form in small letters', input: 'tried abcpe23011987 twice', expected: 'tried [PAN_1][DOB_1] twice' },
      { name: 'a PAN run into words', input: 'myPANisABCPE1234Fok', expected: 'myPANis[PAN_1]ok' },
      { name: 'a PAN run into its label', input: 'PANABCPE1234F', expected: 'PAN[PAN_1]' },
      // Aadhaar: Verhoeff-valid, in groups or not
      { name: 'an Aadhaar number in groups of four', input: 'Aadhaar 2345 6789 0124', expected: 'Aadhaar [AADHAAR_1]' },
      { name: 'an Aadhaar number without spaces', input: 'aadhaar 491856372018.', expected: 'aadhaar [AADHAAR_1].' },
      { name: 'an Aadhaar number with hyphens', input: 'UID 7392-0146-5884', expected: 'UID [AADHAAR_1]' },
      // bank accounts
      { name: 'an account number after A/c No', input: 'A/c No: 50100123456789', expected: 'A/c No: [BANK_ACCOUNT_1]' },
      { name: 'an account number in groups', input: 'Account Number 1234 5678 9012', expected: 'Account Number [BANK_ACCOUNT_1]' },
      { name: 'an account number after Bank A/C', input: 'Bank A/C 000401234567', expected: 'Bank A/C [BANK_ACCOUNT_1]' },
      { name: 'an account number before an IFSC', input: '50100123456789 IFSC HDFC0001234', expected: '[BANK_ACCOUNT_1] IFSC HDFC0001234' },
      { name: 'an account number after an IFSC', input: 'IFSC: ICIC0849915 / 611366281834', expected: 'IFSC: ICIC0849915 / [BANK_ACCOUNT_1]' },
      // dates of birth and PIN codes after their label
      { name: 'a labelled date of birth', input: 'DOB: 12/03/1985', expected: 'DOB: [DOB_1]' },
      { name: 'a date of birth with the month in words', input: 'Date of Birth 12-Mar-1985', expected: 'Date of Birth [DOB_1]' },
      { name: 'a date of birth in a sentence', input: 'my date of birth is 23rd January 1987', expected: 'my date of birth is [DOB_1]' },
      { name: 'a date of birth as D.O.B.', input: 'D.O.B. 1985-03-12', expected: 'D.O.B. [DOB_1]' },
      { name: 'a date of birth as DDMMYYYY', input: 'DOB 12031985', expected: 'DOB [DOB_1]' },
      { name: 'a labelled PIN code', input: 'PIN: 400001', expected: 'PIN: [PIN_CODE_1]' },
      { name: 'a spaced PIN code', input: 'Pincode 560 034', expected: 'Pincode [PIN_CODE_1]' },
      // the investor block of a statement
      {
        name: 'the investor block: PIN and date of birth without labels',
        input: 'Rajesh Banerjee\nFlat 12B, Lakeview Towers\nMG Road, T Nagar\nChennai - 600074\nTamil Nadu, India\n23/01/1987\nMobile: +91 9122853167',
        expected: '[NAME_1]\nFlat 12B, Lakeview Towers\nMG Road, T Nagar\nChennai - [PIN_CODE_1]\nTamil Nadu, India\n[DOB_1]\nMobile: [PHONE_1]',
      },
      { name: 'an investor block opened by a PAN', input: 'PAN : HIYPB8630Z\nPune 411001', expected: 'PAN : [PAN_1]\nPune [PIN_CODE_1]' },
      { name: 'a question giving the investor’s address', input: 'I am Rajesh Banerjee, born 23-01-1987, living in Chennai 600074', expected: 'I am [NAME_1], born [DOB_1], living in Chennai [PIN_CODE_1]' },
      { name: 'a PIN code found once, wherever it appears again', input: 'Rajesh Banerjee\nChennai - 600074\nQUESTION: what is near 600074?', expected: '[NAME_1]\nChennai - [PIN_CODE_1]\nQUESTION: what is near [PIN_CODE_1]?' },
      // investors' names from the extraction
      { name: 'a name in capitals, with extra spaces and across a line break', input: 'RAJESH   BANERJEE; rajesh\nbanerjee', expected: '[NAME_1]; [NAME_1]' },
      { name: 'a middle name left out, as the same person', input: 'Ramesh Chandra Banerjee and Ramesh Banerjee', expected: '[NAME_1] and [NAME_1]' },
      { name: 'the known PAN spaced in small letters', input: 'hiypb 8630 z', expected: '[PAN_1]' },
    ])('masks $name', ({ input, expected }) => {
      expect(masker.mask(input, investors)).toBe(expected);
    });

    it.each([
      { name: 'ISINs', input: 'INF769K01RM9, INE002A01018, INF200K017V5 and IN0020230085' },
      { name: '12-digit numbers that fail the Verhoeff check', input: 'ref 2345 6789 0125, UPI 460930410175, 802236626963' },
      { name: '12-digit numbers starting with 1', input: 'ref 1234 5678 9012 and 122563589679' },
      { name: 'amounts in the Indian grouping', input: 'Total 1,23,456.78; value 39,18,155.48; Rs. 2,61,45,952.38' },
      { name: 'NAVs and units', input: 'NAV 115.9268, units 3,117.719, price 1,837.0717' },
      { name: 'transaction dates', input: '13-Apr-2025 SIP Purchase 16,499.17 313.726 52.5910\n28/04/2025 Purchase 79,996.00' },
      { name: 'a registrar’s own PIN code outside the investor block', input: 'KFIN TECHNOLOGIES LIMITED\nSelenium Tower B, Plot 31-32, Nanakramguda, Hyderabad - 500032' },
      { name: 'scheme codes and scheme names with given names in them', input: 'B205RG-Aditya Birla Sun Life Frontline Equity Fund; 126PNRG-Mirae Asset Large Cap Fund; Rajesh; Banerjee' },
      { name: 'the word account before a figure', input: 'Total Value of the Account 1,00,98,843.55; 4 accounts' },
      { name: 'an IFSC alone', input: 'IFSC HDFC0001234, branch code 001234' },
      { name: 'capitals and a year that cannot be a PAN', input: 'SERIES 1234 A, APRIL 2030 A, Since 2020 a lot' },
      { name: 'a PIN label without a PIN', input: 'set a PIN for the app; pin 12' },
      { name: 'a birth-date label without a date', input: 'the DOB field is empty' },
      { name: 'capitals before eight digits that are not a date', input: 'SCHEME ABCPE99999999, HDFCE20251301' },
    ])('leaves $name alone', ({ input }) => {
      expect(masker.mask(input, investors)).toBe(input);
    });

    it.each([
      { name: 'a recent date and an amount next to the investor’s name', input: 'What did Rajesh Banerjee buy on 13-Apr-2025 for 500000?', expected: 'What did [NAME_1] buy on 13-Apr-2025 for 500000?' },
      { name: 'a statement period in the investor block', input: 'Rajesh Banerjee\nStatement From : 01/04/1995 To : 30/09/1995', expected: '[NAME_1]\nStatement From : 01/04/1995 To : 30/09/1995' },
      { name: 'a recent date in the investor block', input: 'Holder : Rajesh Banerjee\nHOLDING STATEMENT AS ON 30-SEP-2025', expected: 'Holder : [NAME_1]\nHOLDING STATEMENT AS ON 30-SEP-2025' },
      {
        name: 'what follows the figures that end the investor block',
        input: 'Rajesh Banerjee\nOPENING BALANCE 4,92,037.94\nChennai - 600074\n23/01/1987',
        expected: '[NAME_1]\nOPENING BALANCE 4,92,037.94\nChennai - 600074\n23/01/1987',
      },
      {
        name: 'the lines of a folio after the investor’s name',
        input: 'Folio No: 4416750 / 70 PAN: HIYPB8630Z KYC: OK\nRajesh Banerjee\nB679RG-HDFC Balanced Advantage Fund - ISIN: INF179K019H7\n20-Apr-2005 Purchase 87,495.62 186.630 468.8183 2,861.402',
        expected: 'Folio No: [FOLIO_1] PAN: [PAN_1] KYC: OK\n[NAME_1]\nB679RG-HDFC Balanced Advantage Fund - ISIN: INF179K019H7\n20-Apr-2005 Purchase 87,495.62 186.630 468.8183 2,861.402',
      },
    ])('masks only the name in $name', ({ input, expected }) => {
      expect(masker.mask(input, investors)).toBe(expected);
    });

    it('unmasks the answer to the values found, names as the extraction wrote them', () => {
      const session = masker.session(investors);
      const masked = session.mask('RAJESH\nBANERJEE, PAN abcde-1234-f, Aadhaar 2345 6789 0124, DOB: 23/01/1987');
      expect(masked).toBe('[NAME_1], PAN [PAN_1], Aadhaar [AADHAAR_1], DOB: [DOB_1]');
      expect(session.unmask('[NAME_1] ([PAN_1], [AADHAAR_1], born [DOB_1])')).toBe('Rajesh Banerjee (abcde-1234-f, 2345 6789 0124, born 23/01/1987)');
    });

    it('checks Aadhaar numbers with the Verhoeff algorithm', () => {
      expect(['234567890124', '491856372018', '7392 0146 5884'].map(isValidAadhaar)).toEqual([true, true, true]);
      expect(['234567890125', '491856372019', '134567890124', '23456789012'].map(isValidAadhaar)).toEqual([false, false, false, false]);
    });

    it('takes names, PANs, folios and demat accounts from an extraction', () => {
      const entities = [
        { entity_name: 'Meera Nair', pan: 'ORYPN9071B', holdings: [{ folio: '1234567 / 89', account_id: null }, { folio: null, account_id: 'IN300126 / 11223344' }] },
        { entity_name: null, pan: null, holdings: [] },
      ];
      expect(extractionIdentifiers(entities)).toEqual([
        { kind: 'NAME', value: 'Meera Nair' },
        { kind: 'PAN', value: 'ORYPN9071B' },
        { kind: 'FOLIO', value: '1234567 / 89' },
        { kind: 'DEMAT_ACCOUNT', value: 'IN300126 / 11223344' },
      ]);
    });
  });
});
