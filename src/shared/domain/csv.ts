/**
 * CSV cells that a spreadsheet cannot run. One rule for every CSV the shop writes
 * (the orders desk's export, the inbox's): tables here, tests in csv.test.ts.
 *
 * A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (OWASP "CSV injection"), and
 * the cell boundaries it sees are not always ours: opened with `;` as the list separator (most
 * of Europe, Arabic Excel), as tab- or pipe-separated text, or by a reader that ignores quotes,
 * `a;=HYPERLINK(...)` or a message line starting with `-cmd|...` becomes a cell of its own.
 * So a trigger is neutralised (an apostrophe before it: shown as text, never run) at the start
 * of the text and after every character that could separate cells or lines, spaces and double
 * quotes in between included. Plain numbers and phone numbers (`+963 944 000 111`, `-12.50`)
 * stay as they are: nothing in them can call a function.
 */

/** Spreadsheet programs read UTF-8 (and so Arabic) only when the file starts with a BOM. */
export const BOM = "\uFEFF";

/** Characters after which a spreadsheet may start a new cell: , ; tab | CR LF and Arabic ، ؛. */
const SEPARATOR = /([,;\t|\r\n\u060C\u061B])/;
/** A piece a spreadsheet would run: a trigger after optional spaces or double quotes. */
const TRIGGER = /^[\s"]*[=+\-@]/;
/** Numbers and phone numbers: digits, spaces, brackets, dots and dashes after one sign. */
const PLAIN = /^\s*[+-]?[\d\s().-]*$/;
/** Characters that make a cell need quotes (RFC 4180, and the other separators above). */
const NEEDS_QUOTES = /[",;\t|\r\n\u060C\u061B]/;

/** The text with an apostrophe before every formula trigger a spreadsheet could see. */
export function neutraliseFormulas(text: string): string {
  const pieces = text.split(SEPARATOR);
  const safe = pieces
    .map((piece, i) =>
      i % 2 === 0 && TRIGGER.test(piece) && !PLAIN.test(piece) ? `'${piece}` : piece,
    )
    .join("");
  // A leading tab or carriage return: some programs drop it and read what follows (OWASP).
  return /^[\t\r]/.test(safe) ? `'${safe}` : safe;
}

/** One CSV cell: formulas neutralised, quoted when it holds a separator, a quote or a line break. */
export function csvCell(value: unknown): string {
  const text = neutraliseFormulas(value === null || value === undefined ? "" : String(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The text as it was before `neutraliseFormulas` (the product import reads the shop's own
 * exports back): the apostrophe it put before a trigger is taken away again, nothing else.
 * A cell typed as `'=x` on purpose reads back as `=x`: the one text this cannot tell apart.
 */
export function restoreFormulas(text: string): string {
  const unquoted = /^'[\t\r]/.test(text) ? text.slice(1) : text;
  return unquoted
    .split(SEPARATOR)
    .map((piece, i) => {
      if (i % 2 !== 0 || !piece.startsWith("'")) return piece;
      const rest = piece.slice(1);
      return TRIGGER.test(rest) && !PLAIN.test(rest) ? rest : piece;
    })
    .join("");
}
