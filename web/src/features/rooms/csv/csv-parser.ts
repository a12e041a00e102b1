// A streaming RFC 4180 CSV parser: text arrives in chunks of any size (a chunk may end inside a
// quoted field, between "\r" and "\n", or in the middle of a doubled quote) and whole rows come
// out. Comma-separated; quoted fields may hold commas, doubled quotes and line breaks; rows end
// with LF, CRLF or CR. A byte order mark at the very start is dropped; empty lines are skipped.

export type CsvRow = string[];

const QUOTE = 34; // "
const COMMA = 44; // ,
const LF = 10;
const CR = 13;

type State = 'fieldStart' | 'unquoted' | 'quoted' | 'quoteInQuoted';

export class CsvParseError extends Error {
  override readonly name = 'CsvParseError';
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

export class CsvStreamParser {
  private state: State = 'fieldStart';
  private field = '';
  private row: string[] = [];
  private started = false;
  private skipLf = false;
  // 1-based physical line, for error messages.
  private line = 1;

  // Parses a chunk and returns the rows it completed.
  push(chunk: string): CsvRow[] {
    const rows: CsvRow[] = [];
    let text = chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const n = text.length;
    let i = 0;
    if (this.skipLf && n > 0) {
      this.skipLf = false;
      if (text.charCodeAt(0) === LF) i = 1;
    }
    while (i < n) {
      switch (this.state) {
        case 'fieldStart': {
          const c = text.charCodeAt(i);
          if (c === QUOTE) {
            this.state = 'quoted';
            i++;
          } else {
            this.state = 'unquoted';
          }
          break;
        }
        case 'unquoted': {
          // Fast path: copy everything up to the next delimiter in one slice.
          let j = i;
          while (j < n) {
            const c = text.charCodeAt(j);
            if (c === COMMA || c === LF || c === CR) break;
            if (c === QUOTE) {
              throw new CsvParseError(`a quote inside an unquoted field on line ${this.line}`, this.line);
            }
            j++;
          }
          this.field += text.slice(i, j);
          if (j === n) return rows;
          i = this.endOfField(text, j, rows);
          break;
        }
        case 'quoted': {
          const j = text.indexOf('"', i);
          const end = j === -1 ? n : j;
          const piece = text.slice(i, end);
          this.field += piece;
          this.line += countLineBreaks(piece);
          if (j === -1) return rows;
          this.state = 'quoteInQuoted';
          i = j + 1;
          break;
        }
        case 'quoteInQuoted': {
          const c = text.charCodeAt(i);
          if (c === QUOTE) {
            // a doubled quote is one literal quote
            this.field += '"';
            this.state = 'quoted';
            i++;
          } else if (c === COMMA || c === LF || c === CR) {
            i = this.endOfField(text, i, rows);
          } else {
            throw new CsvParseError(`text after a closing quote on line ${this.line}`, this.line);
          }
          break;
        }
      }
    }
    return rows;
  }

  // Flushes the last row (a file need not end with a line break).
  end(): CsvRow[] {
    if (this.state === 'quoted') {
      throw new CsvParseError(`a quoted field is not closed (it starts before line ${this.line})`, this.line);
    }
    const rows: CsvRow[] = [];
    if (this.state !== 'fieldStart' || this.row.length > 0) {
      this.row.push(this.field);
      this.pushRow(rows);
    }
    return rows;
  }

  // `at` points at a comma, LF or CR; returns the index after it.
  private endOfField(text: string, at: number, rows: CsvRow[]): number {
    const c = text.charCodeAt(at);
    this.row.push(this.field);
    this.field = '';
    this.state = 'fieldStart';
    if (c === COMMA) return at + 1;
    this.pushRow(rows);
    this.line++;
    if (c === CR) {
      if (at + 1 < text.length) return text.charCodeAt(at + 1) === LF ? at + 2 : at + 1;
      this.skipLf = true;
    }
    return at + 1;
  }

  private pushRow(rows: CsvRow[]): void {
    const row = this.row;
    this.row = [];
    // an empty line is one empty field: skip it
    if (row.length === 1 && row[0] === '') return;
    rows.push(row);
  }
}

function countLineBreaks(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) count++;
  }
  return count;
}

// Whole-text convenience for small inputs and tests.
export function parseCsv(text: string): CsvRow[] {
  const parser = new CsvStreamParser();
  return [...parser.push(text), ...parser.end()];
}

// Header names keep ASCII letters and digits only (spec: "the header row is cleaned of
// non-alphanumeric characters"; the server accepts exactly [A-Za-z0-9]). Accents are taken off
// first, so "Prénom" becomes "Prenom" rather than "Prnom". A name that cleans to nothing becomes
// `columnN`, and a repeated name gets a number, so every column starts with a distinct name.
export function cleanHeader(header: readonly string[]): string[] {
  const seen = new Set<string>();
  return header.map((raw, index) => {
    const base = cleanName(raw) || `column${index + 1}`;
    let name = base;
    for (let n = 2; seen.has(name.toLowerCase()); n++) name = `${base}${n}`;
    seen.add(name.toLowerCase());
    return name;
  });
}

export function cleanName(raw: string): string {
  return raw.normalize('NFD').replace(/[^A-Za-z0-9]/g, '');
}
