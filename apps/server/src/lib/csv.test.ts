import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, csvSeparatorFor } from './csv.js';

describe('csvCell', () => {
  it('defuses text that a spreadsheet would read as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x.example","y")')).toBe(
      `"'=HYPERLINK(""http://x.example"",""y"")"`,
    );
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
  });

  it('keeps numbers as numbers, negative ones included', () => {
    expect(csvCell(-40)).toBe('-40');
    expect(csvCell(15)).toBe('15');
  });

  it('quotes commas, quotes and line breaks, and leaves plain text alone', () => {
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('Μπόνους')).toBe('Μπόνους');
    expect(csvCell(null)).toBe('');
  });
});

describe('csvDocument', () => {
  it('starts with the UTF-8 byte-order mark and ends every line with CRLF', () => {
    expect(
      csvDocument([
        ['a', 1],
        ['b', null],
      ]),
    ).toBe('\uFEFFa,1\r\nb,\r\n');
  });
});

describe('the separator', () => {
  it('is a semicolon where the language writes decimals with a comma, a comma otherwise', () => {
    expect(csvSeparatorFor('de-AT')).toBe(';');
    expect(csvSeparatorFor('el-GR')).toBe(';');
    expect(csvSeparatorFor('en-GB')).toBe(',');
    expect(csvSeparatorFor('not a locale!')).toBe(',');
  });

  it('separates and quotes by the semicolon when asked', () => {
    expect(csvDocument([['a, b', 'c; d', 1]], ';')).toBe('\uFEFFa, b;"c; d";1\r\n');
  });
});
