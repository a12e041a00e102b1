import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, with a byte order mark and CRLF lines', () => {
    expect(toCsv(['name', 'note'], [['Zoë', 'a, "b"\nc']])).toBe('\uFEFFname,note\r\nZoë,"a, ""b""\nc"\r\n');
  });

  it('turns what a spreadsheet would run as a formula into text', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(csvCell('-1+cmd')).toBe("'-1+cmd");
    expect(csvCell('\t=1')).toBe("'\t=1");
  });

  it('leaves plain numbers and phone numbers alone', () => {
    expect(csvCell('-3')).toBe('-3');
    expect(csvCell('+44 20 7946 0018')).toBe('+44 20 7946 0018');
    expect(csvCell('1,5')).toBe('"1,5"');
  });
});
