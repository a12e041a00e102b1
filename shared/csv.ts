// CSV as every download writes it: the web app's, the export API's and `npm run export`'s, from this
// one pure module (no Node or DOM APIs), so their bytes cannot drift apart.
//
// RFC 4180 output: every field quoted when it holds a comma, quote or line break. It starts with
// a UTF-8 byte order mark, which is how spreadsheet programs know to read accents right.
//
// Cells come from other people (participants, a clean-room partner), so a cell that a spreadsheet
// would run as a formula (=, +, -, @, tab or carriage return first: OWASP "CSV injection") gets a
// leading apostrophe, which spreadsheets show as text. Plain numbers (`-3`, `+44 20 7946 0018`) stay
// as they are.
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d[\d .,]*$/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line of cells, with its CRLF. */
export function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

/** The start of a file: the byte order mark and the header line (then one csvLine per row). */
export function csvHead(header: readonly string[]): string {
  return '\uFEFF' + csvLine(header);
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return csvHead(header) + rows.map(csvLine).join('');
}
