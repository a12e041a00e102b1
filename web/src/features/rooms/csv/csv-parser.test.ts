import { describe, expect, it } from 'vitest';
import { cleanHeader, CsvParseError, CsvStreamParser, parseCsv } from './csv-parser';

// Feeds the text in pieces of `size` characters, so every boundary case gets hit somewhere.
function parseInPieces(text: string, size: number) {
  const parser = new CsvStreamParser();
  const rows = [];
  for (let i = 0; i < text.length; i += size) rows.push(...parser.push(text.slice(i, i + size)));
  return [...rows, ...parser.end()];
}

describe('CSV parser', () => {
  it('splits plain rows on commas and LF', () => {
    expect(parseCsv('email,age\na@x.org,31\nb@x.org,40\n')).toEqual([
      ['email', 'age'],
      ['a@x.org', '31'],
      ['b@x.org', '40'],
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('name,note\n"Doe, Jane","said ""hi""\nthen left"\n')).toEqual([
      ['name', 'note'],
      ['Doe, Jane', 'said "hi"\nthen left'],
    ]);
  });

  it('accepts CRLF and lone CR line ends, and a last row without a line break', () => {
    expect(parseCsv('a,b\r\n1,2\r3,4')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('drops a byte order mark at the start only', () => {
    expect(parseCsv('\uFEFFemail\nx\uFEFFy\n')).toEqual([['email'], ['x\uFEFFy']]);
  });

  it('keeps empty fields and skips empty lines', () => {
    expect(parseCsv('a,b,c\n,,\n\n1,,3\n\n')).toEqual([
      ['a', 'b', 'c'],
      ['', '', ''],
      ['1', '', '3'],
    ]);
  });

  it('gives the same rows whatever the chunk boundaries', () => {
    const text =
      '\uFEFFid,"full name",mail\r\n1,"Zoë ""Z"" Ångström","a@x.org"\r\n2,"line\r\nbreak",b@x.org\r\n3,🦊,\r\n';
    const whole = parseCsv(text);
    expect(whole).toEqual([
      ['id', 'full name', 'mail'],
      ['1', 'Zoë "Z" Ångström', 'a@x.org'],
      ['2', 'line\r\nbreak', 'b@x.org'],
      ['3', '🦊', ''],
    ]);
    for (const size of [1, 2, 3, 5, 7, 16]) expect(parseInPieces(text, size)).toEqual(whole);
  });

  it('rejects a quote inside an unquoted field, text after a closing quote and an unclosed quote', () => {
    expect(() => parseCsv('a\nb"c\n')).toThrow(new CsvParseError('a quote inside an unquoted field on line 2', 2));
    expect(() => parseCsv('a\n"b"c\n')).toThrow('text after a closing quote on line 2');
    expect(() => parseCsv('a\n"b\n')).toThrow('a quoted field is not closed');
  });
});

describe('cleanHeader', () => {
  it('keeps ASCII letters and digits only, taking accents off first', () => {
    expect(cleanHeader(['E-mail Address', 'phone #', 'Prénom', 'age (years)', 'Ångström_2', '名前'])).toEqual([
      'EmailAddress',
      'phone',
      'Prenom',
      'ageyears',
      'Angstrom2',
      'column6',
    ]);
  });

  it('names empty columns by position and numbers repeats', () => {
    expect(cleanHeader(['', '***', 'e-mail', 'email', 'EMAIL'])).toEqual([
      'column1',
      'column2',
      'email',
      'email2',
      'EMAIL3',
    ]);
  });
});
