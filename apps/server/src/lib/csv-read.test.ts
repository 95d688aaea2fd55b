import { describe, expect, it } from 'vitest';
import { csvDocument } from './csv.js';
import { cellText, readCsv } from './csv-read.js';

describe('readCsv', () => {
  it('reads quoted cells with separators, doubled quotes and line breaks, with their line numbers', () => {
    const rows = readCsv('a,b,c\r\n1,"two, three","say ""hi"""\r\n\r\n4,"five\nsix",7\n8,9,10');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['1', 'two, three', 'say "hi"'] },
      { line: 4, cells: ['4', 'five\nsix', '7'] },
      { line: 6, cells: ['8', '9', '10'] },
    ]);
  });

  it('takes the separator the first line uses most: semicolons and tabs as spreadsheets save them', () => {
    expect(readCsv('\uFEFFnumber;points;reason\r\n1;-5;"a; b, c"\r\n')).toEqual([
      { line: 1, cells: ['number', 'points', 'reason'] },
      { line: 2, cells: ['1', '-5', 'a; b, c'] },
    ]);
    expect(readCsv('1\t2\t3,4\r').map((row) => row.cells)).toEqual([['1', '2', '3,4']]);
  });

  it('reads back what the club’s own CSV writes, formula quotes taken off', () => {
    const file = csvDocument([
      ['order', 'voucher codes', 'note'],
      [12, 'A-1\nA-2', '=SUM(A1)'],
    ]);
    const rows = readCsv(file);
    expect(rows.map((row) => row.cells.map(cellText))).toEqual([
      ['order', 'voucher codes', 'note'],
      ['12', 'A-1\nA-2', '=SUM(A1)'],
    ]);
  });

  it('leaves blank lines out and keeps an unclosed quote’s text', () => {
    expect(readCsv('\n ,  \n1,"open')).toEqual([{ line: 3, cells: ['1', 'open'] }]);
    expect(readCsv('')).toEqual([]);
  });
});
