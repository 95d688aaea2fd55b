import { describe, expect, it } from 'vitest';
import { fillWording, otherForms, wordMessage } from './message-catalogue.js';
import { countedWordingProblems, formatCountedWording } from './message-format.js';

const points = '{count, plural, one {# point} other {# points}}';

describe('counted wordings (ICU MessageFormat)', () => {
  it('words English one and other: "1 point", not "1 points"', () => {
    expect(fillWording(points, { count: 1 }, 'en-GR')).toBe('1 point');
    expect(fillWording(points, { count: 2 }, 'en-GR')).toBe('2 points');
    expect(fillWording(points, { count: 0 }, 'en-GR')).toBe('0 points');
  });

  it('words Greek and German with their one and other forms and number symbols', () => {
    const greek = '{count, plural, one {# πόντος} other {# πόντοι}}';
    expect(fillWording(greek, { count: 1 }, 'el-GR')).toBe('1 πόντος');
    expect(fillWording(greek, { count: 2 }, 'el-GR')).toBe('2 πόντοι');
    expect(fillWording(greek, { count: 1234 }, 'el-GR')).toBe('1.234 πόντοι');
    const german = '{count, plural, one {# Punkt} other {# Punkte}}';
    expect(fillWording(german, { count: 1 }, 'de-AT')).toBe('1 Punkt');
    expect(fillWording(german, { count: 5 }, 'de-AT')).toBe('5 Punkte');
  });

  it('words Arabic with its six forms: zero, one, two, few (3–10), many (11–99), other (100)', () => {
    const arabic =
      '{count, plural, zero {لا نقاط} one {نقطة واحدة} two {نقطتان} few {# نقاط} many {# نقطة} other {# نقطة.}}';
    const worded = [0, 1, 2, 3, 11, 100].map((count) => fillWording(arabic, { count }, 'ar-AE'));
    expect(worded).toEqual(['لا نقاط', 'نقطة واحدة', 'نقطتان', '3 نقاط', '11 نقطة', '100 نقطة.']);
  });

  it('fills plain placeholders beside the plural, and keeps tags and apostrophes as text', () => {
    const wording =
      '{points, plural, one {# point lapses} other {# points lapse}} on {date}. <a href="{link}">It\'s yours</a>';
    expect(fillWording(wording, { points: 1, date: '23 January 2027', link: '/x' }, 'en')).toBe(
      '1 point lapses on 23 January 2027. <a href="/x">It\'s yours</a>',
    );
  });

  it('takes exact forms (=0) before the categories', () => {
    const wording = '{n, plural, =0 {no PNRs} one {# PNR} other {# PNRs}}';
    expect(fillWording(wording, { n: 0 }, 'en')).toBe('no PNRs');
    expect(fillWording(wording, { n: 1 }, 'en')).toBe('1 PNR');
  });

  it('never throws on broken syntax, a missing value or an unknown locale', () => {
    expect(formatCountedWording('{count, plural, one {# point}', { count: 1 }, 'en')).toBe('');
    expect(formatCountedWording(points, {}, 'en')).toBe('# points');
    expect(formatCountedWording(points, { count: 1 }, 'not a locale!')).toBe('1 point');
  });

  it('keeps the tiny path for wordings without plural forms', () => {
    expect(fillWording('Showing {shown} of {total}', { shown: 3, total: 9 })).toBe(
      'Showing 3 of 9',
    );
    expect(fillWording('Price: {price}', {})).toBe('Price: {price}');
  });

  it('words a catalogue message given in counted form by the content', () => {
    const words = {
      'validation.maxLength':
        '{maximum, plural, one {At most # character} other {At most # characters}}',
    };
    expect(wordMessage({ key: 'validation.maxLength', values: { maximum: 1 } }, words, 'en')).toBe(
      'At most 1 character',
    );
    expect(wordMessage({ key: 'validation.maxLength', values: { maximum: 20 } }, words)).toBe(
      'At most 20 characters',
    );
  });

  it("stands in with each choice's other form (before the formatter loads)", () => {
    expect(otherForms(`Only ${points} left`, { count: 1 })).toBe('Only 1 points left');
    expect(otherForms('{g, select, female {she} other {they}} came', {})).toBe('they came');
  });

  it('names a counted wording’s problems: broken syntax, a category the locale needs', () => {
    expect(countedWordingProblems(points, 'en')).toEqual([]);
    expect(countedWordingProblems(points, 'ar-AE').sort()).toEqual([
      'count: no few form',
      'count: no many form',
      'count: no two form',
      'count: no zero form',
    ]);
    expect(countedWordingProblems('{count, plural, one {#}', 'en')[0]).toMatch(/^syntax/);
  });
});
