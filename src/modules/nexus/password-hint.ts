/** The usual password conventions of the statement issuers, recognised from the file name. */
export function passwordHintFor(fileName: string): string | null {
  const name = fileName.toUpperCase();
  if (name.includes('NSDL')) return 'NSDL CAS: the first five letters of your PAN followed by your date of birth (DDMMYYYY), e.g. ABCDE01011990';
  if (name.includes('CDSL')) return 'CDSL CAS: your PAN in capital letters, e.g. ABCDE1234F';
  if (/KFIN|KARVY/.test(name)) return 'KFintech CAS: your PAN in capital letters, e.g. ABCDE1234F';
  if (/CAMS|CAS/.test(name)) return 'CAMS CAS: your PAN in capital letters, e.g. ABCDE1234F';
  return null;
}
