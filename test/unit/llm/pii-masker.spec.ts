import { describe, expect, it } from '@jest/globals';
import { extractionIdentifiers, PiiMasker, type KnownIdentifier } from '../../../src/modules/llm/pii-masker.js';
import { isValidAadhaar } from '../../../src/modules/llm/pii-rules.js';

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

  describe('corpus: identifiers that reach the model only masked', () => {
    const investors: KnownIdentifier[] = [
      { kind: 'NAME', value: 'Rajesh Banerjee' },
      { kind: 'NAME', value: 'Ramesh Chandra Banerjee' },
      { kind: 'PAN', value: 'HIYPB8630Z' },
    ];

    it.each([
      // PANs however they are written
      ['a spaced PAN', 'PAN ABCDE 1234 F', 'PAN [PAN_1]'],
      ['a hyphenated PAN', 'PAN: ABCDE-1234-F.', 'PAN: [PAN_1].'],
      ['a spaced PAN in small letters after its label', 'my pan is abcde 1234 f', 'my pan is [PAN_1]'],
      ['an unlabelled hyphenated PAN', 'investor ABCPE-1234-F holds', 'investor [PAN_1] holds'],
      ['the CAS password form PAN + DDMMYYYY', 'password ABCPE1234F01011990', 'password [PAN_1][DOB_1]'],
      ['the CAS password form in small letters', 'the password is abcpe1234f23011987', 'the password is [PAN_1][DOB_1]'],
      ['the NSDL password form: five PAN letters + DDMMYYYY', 'NSDL password ABCPE01011990', 'NSDL password [PAN_1][DOB_1]'],
      ['the NSDL password form in small letters', 'tried abcpe23011987 twice', 'tried [PAN_1][DOB_1] twice'],
      ['a PAN run into words', 'myPANisABCPE1234Fok', 'myPANis[PAN_1]ok'],
      ['a PAN run into its label', 'PANABCPE1234F', 'PAN[PAN_1]'],
      // Aadhaar: Verhoeff-valid, in groups or not
      ['an Aadhaar number in groups of four', 'Aadhaar 2345 6789 0124', 'Aadhaar [AADHAAR_1]'],
      ['an Aadhaar number without spaces', 'aadhaar 491856372018.', 'aadhaar [AADHAAR_1].'],
      ['an Aadhaar number with hyphens', 'UID 7392-0146-5884', 'UID [AADHAAR_1]'],
      // bank accounts
      ['an account number after A/c No', 'A/c No: 50100123456789', 'A/c No: [BANK_ACCOUNT_1]'],
      ['an account number in groups', 'Account Number 1234 5678 9012', 'Account Number [BANK_ACCOUNT_1]'],
      ['an account number after Bank A/C', 'Bank A/C 000401234567', 'Bank A/C [BANK_ACCOUNT_1]'],
      ['an account number before an IFSC', '50100123456789 IFSC HDFC0001234', '[BANK_ACCOUNT_1] IFSC HDFC0001234'],
      ['an account number after an IFSC', 'IFSC: ICIC0849915 / 611366281834', 'IFSC: ICIC0849915 / [BANK_ACCOUNT_1]'],
      // dates of birth and PIN codes after their label
      ['a labelled date of birth', 'DOB: 12/03/1985', 'DOB: [DOB_1]'],
      ['a date of birth with the month in words', 'Date of Birth 12-Mar-1985', 'Date of Birth [DOB_1]'],
      ['a date of birth in a sentence', 'my date of birth is 23rd January 1987', 'my date of birth is [DOB_1]'],
      ['a date of birth as D.O.B.', 'D.O.B. 1985-03-12', 'D.O.B. [DOB_1]'],
      ['a date of birth as DDMMYYYY', 'DOB 12031985', 'DOB [DOB_1]'],
      ['a labelled PIN code', 'PIN: 400001', 'PIN: [PIN_CODE_1]'],
      ['a spaced PIN code', 'Pincode 560 034', 'Pincode [PIN_CODE_1]'],
      // the investor block of a statement
      [
        'the investor block: PIN and date of birth without labels',
        'Rajesh Banerjee\nFlat 12B, Lakeview Towers\nMG Road, T Nagar\nChennai - 600074\nTamil Nadu, India\n23/01/1987\nMobile: +91 9122853167',
        '[NAME_1]\nFlat 12B, Lakeview Towers\nMG Road, T Nagar\nChennai - [PIN_CODE_1]\nTamil Nadu, India\n[DOB_1]\nMobile: [PHONE_1]',
      ],
      ['an investor block opened by a PAN', 'PAN : HIYPB8630Z\nPune 411001', 'PAN : [PAN_1]\nPune [PIN_CODE_1]'],
      ['a question giving the investor’s address', 'I am Rajesh Banerjee, born 23-01-1987, living in Chennai 600074', 'I am [NAME_1], born [DOB_1], living in Chennai [PIN_CODE_1]'],
      ['a PIN code found once, wherever it appears again', 'Rajesh Banerjee\nChennai - 600074\nQUESTION: what is near 600074?', '[NAME_1]\nChennai - [PIN_CODE_1]\nQUESTION: what is near [PIN_CODE_1]?'],
      // investors' names from the extraction
      ['a name in capitals, with extra spaces and across a line break', 'RAJESH   BANERJEE; rajesh\nbanerjee', '[NAME_1]; [NAME_1]'],
      ['a middle name left out, as the same person', 'Ramesh Chandra Banerjee and Ramesh Banerjee', '[NAME_1] and [NAME_1]'],
      ['the known PAN spaced in small letters', 'hiypb 8630 z', '[PAN_1]'],
    ])('masks %s', (_label, input, expected) => {
      expect(masker.mask(input, investors)).toBe(expected);
    });

    it.each([
      ['ISINs', 'INF769K01RM9, INE002A01018, INF200K017V5 and IN0020230085'],
      ['12-digit numbers that fail the Verhoeff check', 'ref 2345 6789 0125, UPI 460930410175, 802236626963'],
      ['12-digit numbers starting with 1', 'ref 1234 5678 9012 and 122563589679'],
      ['amounts in the Indian grouping', 'Total 1,23,456.78; value 39,18,155.48; Rs. 2,61,45,952.38'],
      ['NAVs and units', 'NAV 115.9268, units 3,117.719, price 1,837.0717'],
      ['transaction dates', '13-Apr-2025 SIP Purchase 16,499.17 313.726 52.5910\n28/04/2025 Purchase 79,996.00'],
      ['a registrar’s own PIN code outside the investor block', 'KFIN TECHNOLOGIES LIMITED\nSelenium Tower B, Plot 31-32, Nanakramguda, Hyderabad - 500032'],
      ['scheme codes and scheme names with given names in them', 'B205RG-Aditya Birla Sun Life Frontline Equity Fund; 126PNRG-Mirae Asset Large Cap Fund; Rajesh; Banerjee'],
      ['the word account before a figure', 'Total Value of the Account 1,00,98,843.55; 4 accounts'],
      ['an IFSC alone', 'IFSC HDFC0001234, branch code 001234'],
      ['capitals and a year that cannot be a PAN', 'SERIES 1234 A, APRIL 2030 A, Since 2020 a lot'],
      ['a PIN label without a PIN', 'set a PIN for the app; pin 12'],
      ['a birth-date label without a date', 'the DOB field is empty'],
      ['capitals before eight digits that are not a date', 'SCHEME ABCPE99999999, HDFCE20251301'],
    ])('leaves %s alone', (_label, input) => {
      expect(masker.mask(input, investors)).toBe(input);
    });

    it.each([
      ['a recent date and an amount next to the investor’s name', 'What did Rajesh Banerjee buy on 13-Apr-2025 for 500000?', 'What did [NAME_1] buy on 13-Apr-2025 for 500000?'],
      ['a statement period in the investor block', 'Rajesh Banerjee\nStatement From : 01/04/1995 To : 30/09/1995', '[NAME_1]\nStatement From : 01/04/1995 To : 30/09/1995'],
      ['a recent date in the investor block', 'Holder : Rajesh Banerjee\nHOLDING STATEMENT AS ON 30-SEP-2025', 'Holder : [NAME_1]\nHOLDING STATEMENT AS ON 30-SEP-2025'],
      [
        'what follows the figures that end the investor block',
        'Rajesh Banerjee\nOPENING BALANCE 4,92,037.94\nChennai - 600074\n23/01/1987',
        '[NAME_1]\nOPENING BALANCE 4,92,037.94\nChennai - 600074\n23/01/1987',
      ],
      [
        'the lines of a folio after the investor’s name',
        'Folio No: 4416750 / 70 PAN: HIYPB8630Z KYC: OK\nRajesh Banerjee\nB679RG-HDFC Balanced Advantage Fund - ISIN: INF179K019H7\n20-Apr-2005 Purchase 87,495.62 186.630 468.8183 2,861.402',
        'Folio No: [FOLIO_1] PAN: [PAN_1] KYC: OK\n[NAME_1]\nB679RG-HDFC Balanced Advantage Fund - ISIN: INF179K019H7\n20-Apr-2005 Purchase 87,495.62 186.630 468.8183 2,861.402',
      ],
    ])('masks only the name in %s', (_label, input, expected) => {
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
