import { describe, expect, it } from 'vitest';

/*
 * Screen styles use CSS logical properties only (margin-inline-start, not
 * margin-left), so right-to-left pages flip without special cases.
 */
const sheets = import.meta.glob<string>(
  ['../features/**/*.css', '../shared/**/*.css', '../lib/**/*.css'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

const physical = /(?:^|[\s;{])([a-z-]*\b(?:left|right)\b[a-z-]*)\s*:|:\s*[^;{}]*\b(left|right)\b/gm;

describe('screen style sheets', () => {
  it('are found', () => {
    expect(Object.keys(sheets).length).toBeGreaterThanOrEqual(3);
  });

  it.each(Object.entries(sheets))('%s uses logical properties only', (_name, css) => {
    const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
    expect(withoutComments.match(physical) ?? []).toEqual([]);
  });
});
