import { describe, expect, it } from 'vitest';
import { StatementNames } from './statement-names.js';

describe('statement names', () => {
  it('name a text on its second use and keep the name', () => {
    const names = new StatementNames('s_');
    expect(names.nameOf('select 1')).toBeUndefined();
    expect(names.nameOf('select 1')).toBe('s_0');
    expect(names.nameOf('select 1')).toBe('s_0');
    expect(names.nameOf('select 2')).toBeUndefined();
    expect(names.nameOf('select 2')).toBe('s_1');
  });

  it('name no more texts than the limit, and forget counts past theirs', () => {
    const names = new StatementNames('s_', { namedAfterUses: 2, maxNamed: 1, maxCounted: 2 });
    names.nameOf('a');
    expect(names.nameOf('a')).toBe('s_0');
    names.nameOf('b');
    expect(names.nameOf('b')).toBeUndefined();
    expect(names.size).toBe(1);
    const counting = new StatementNames('s_', { namedAfterUses: 2, maxNamed: 10, maxCounted: 2 });
    counting.nameOf('x');
    counting.nameOf('y');
    // The third text starts the counts again: x is new once more.
    counting.nameOf('z');
    expect(counting.nameOf('x')).toBeUndefined();
    expect(counting.nameOf('z')).toBe('s_0');
  });
});
