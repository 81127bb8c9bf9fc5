import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell, neutraliseFormulas, restoreFormulas } from "./csv.ts";

describe("neutraliseFormulas", () => {
  it.each([
    // At the start.
    ["=SUM(A1)", "'=SUM(A1)"],
    ["+SUM(A1)", "'+SUM(A1)"],
    ["-2+3", "'-2+3"],
    ["@cmd", "'@cmd"],
    ['  ="x"', `'  ="x"`],
    ['"=1+1"', `'"=1+1"`],
    ["\t=1", "'\t'=1"],
    ["\rplain", "'\rplain"],
    // After each separator a spreadsheet might cut at.
    ['a;=HYPERLINK("http://x")', 'a;\'=HYPERLINK("http://x")'],
    ["a; =1+1", "a;' =1+1"],
    ["a,=1+1", "a,'=1+1"],
    ["a\t@SUM(1)", "a\t'@SUM(1)"],
    ["a|-cmd|' /C calc'!A0", "a|'-cmd|' /C calc'!A0"],
    ["line\n+cmd", "line\n'+cmd"],
    ["line\r\n=1", "line\r\n'=1"],
    ['a;"=1"', 'a;\'"=1"'],
    ["عنوان،=1+1", "عنوان،'=1+1"],
    ["عنوان؛@x", "عنوان؛'@x"],
    ["a;b;=c;d", "a;b;'=c;d"],
    // Left alone: plain text, numbers, phone numbers, triggers not at a cell's start.
    ["plain text", "plain text"],
    ["a=b; c+d", "a=b; c+d"],
    ["+963 944 000 111", "+963 944 000 111"],
    ["-12.50", "-12.50"],
    ["(011) 123-4567", "(011) 123-4567"],
    ["Tel: +963 11; -5", "Tel: +963 11; -5"],
    ["'=already text", "'=already text"],
    ["فاطِمة الزَّهراء", "فاطِمة الزَّهراء"],
    ["", ""],
  ])("%j -> %j", (text, expected) => {
    expect(neutraliseFormulas(text)).toBe(expected);
  });
});

describe("csvCell", () => {
  it.each([
    ["plain", "plain"],
    [null, ""],
    [undefined, ""],
    [12.5, "12.5"],
    [true, "true"],
    ["+963 944 000 111", "+963 944 000 111"],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['Say "hi", bye', '"Say ""hi"", bye"'],
    ["a\nb", '"a\nb"'],
    ["a;=1+1", `"a;'=1+1"`],
    ["a;b", '"a;b"'],
    ["a|b", '"a|b"'],
    ["a\tb", '"a\tb"'],
  ])("%j -> %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("one cell however a spreadsheet splits the line: no piece starts a formula", () => {
    const evil = ["x;=cmd()", "x,@SUM(1)", "x\t+1+A1", "x|-cmd", "x\n=1", 'x; "=1"'];
    for (const value of evil) {
      const cell = csvCell(value);
      // Read with quotes ignored: every piece, past spaces and quote marks, starts harmlessly.
      for (const piece of cell.split(/[,;\t|\r\n]/))
        expect(piece, value).not.toMatch(/^[\s"]*[=+\-@]/);
    }
  });
});

describe("restoreFormulas (the import reads an export back)", () => {
  it.each([
    ["'=SUM(A1)", "=SUM(A1)"],
    ["'\t'=1", "\t=1"],
    ["'\rplain", "\rplain"],
    ["a;'=HYPERLINK(1)", "a;=HYPERLINK(1)"],
    ["line\r\n'=1", "line\r\n=1"],
    ["عنوان،'=1+1", "عنوان،=1+1"],
    ["plain 'quoted' text", "plain 'quoted' text"],
    ["'+963 944 000 111", "'+963 944 000 111"],
    ["don't", "don't"],
    ["", ""],
  ])("%j -> %j", (text, expected) => {
    expect(restoreFormulas(text)).toBe(expected);
  });

  it("gives back every text without apostrophes that neutraliseFormulas changed", () => {
    const alphabet = fc.constantFrom(...'ab=+-@ \t\r\n,;|"،؛1.');
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 12 }), (text) => {
        expect(restoreFormulas(neutraliseFormulas(text))).toBe(text);
      }),
    );
  });
});
