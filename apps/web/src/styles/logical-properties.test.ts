import { describe, expect, it } from 'vitest';

/*
 * The shell's styles use CSS logical properties only, so that right-to-left
 * pages need no special cases: no `left`/`right` in property names or in
 * values such as `text-align: left` or `float: right`.
 */
const sheets = import.meta.glob<string>(['./*.css', '../app/shell/*.css'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const physical = /(?:^|[\s;{])([a-z-]*\b(?:left|right)\b[a-z-]*)\s*:|:\s*[^;{}]*\b(left|right)\b/gm;

function withoutComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '');
}

describe('shell style sheets', () => {
  it('are found', () => {
    expect(Object.keys(sheets)).toContain('./global.css');
    expect(Object.keys(sheets).length).toBeGreaterThan(5);
  });

  it.each(Object.entries(sheets))('%s uses logical properties only', (_name, css) => {
    expect(withoutComments(css).match(physical) ?? []).toEqual([]);
  });

  it('the pattern catches physical properties and values', () => {
    for (const sample of [
      'a { margin-left: 0 }',
      'a{right:0}',
      'a { text-align: left; }',
      'a { float: right }',
    ]) {
      expect(sample.match(physical)).not.toBeNull();
    }
    expect('a { inset-inline-end: 0; text-align: start }'.match(physical)).toBeNull();
  });
});
