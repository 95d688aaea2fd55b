import { describe, expect, it } from 'vitest';
import { changedFields } from './audit-changes';

describe('the changed fields of an audit entry', () => {
  it('keeps only what differs, lists readably', () => {
    expect(
      changedFields(
        { role: 'manager', countries: ['gr'], email: 'a@example.com' },
        { role: 'support', countries: ['ae', 'gr'], email: 'a@example.com' },
      ),
    ).toEqual([
      { field: 'role', before: 'manager', after: 'support' },
      { field: 'countries', before: 'gr', after: 'ae, gr' },
    ]);
  });

  it('shows every field of an addition, and a plain value as one field', () => {
    expect(changedFields(null, { state: 'waiting-for-setup', countries: [] })).toEqual([
      { field: 'state', before: null, after: 'waiting-for-setup' },
      { field: 'countries', before: null, after: '(none)' },
    ]);
    expect(changedFields(10, 25)).toEqual([{ field: 'value', before: '10', after: '25' }]);
    expect(changedFields({ a: 1 }, { a: 1 })).toEqual([]);
    expect(changedFields({ nested: { x: 1 } }, { nested: { x: 2 } })).toEqual([
      { field: 'nested', before: '{"x":1}', after: '{"x":2}' },
    ]);
  });

  it('writes an order’s state in the order queue’s words: a refund reads Refunded, never failed', () => {
    expect(
      changedFields({ state: 'submitted' }, { state: 'failed', refundedPoints: 150 }, 'order'),
    ).toEqual([
      { field: 'state', before: 'Sent to the provider', after: 'Refunded' },
      { field: 'refundedPoints', before: null, after: '150' },
    ]);
    // Another target's `state` keeps its own value.
    expect(changedFields({ state: 'sent' }, { state: 'confirmed' }, 'member')).toEqual([
      { field: 'state', before: 'sent', after: 'confirmed' },
    ]);
  });
});
