import { describe, expect, it } from 'vitest';
import { changedFields, fieldLabel } from './audit-changes';

const lines = (changes: ReturnType<typeof changedFields>) =>
  changes.map(({ label, before, after }) => ({ label, before, after }));

describe('the changed fields of an audit entry', () => {
  it('keeps only what differs, lists readably', () => {
    expect(
      lines(
        changedFields(
          { role: 'manager', countries: ['gr'], email: 'a@example.com' },
          { role: 'support', countries: ['ae', 'gr'], email: 'a@example.com' },
        ),
      ),
    ).toEqual([
      { label: 'Role', before: 'manager', after: 'support' },
      { label: 'Countries', before: 'gr', after: 'ae, gr' },
    ]);
  });

  it('shows every field of an addition, and a plain value as one field', () => {
    expect(
      lines(changedFields(null, { state: 'waiting-for-setup', countries: [] }, 'staff')),
    ).toEqual([
      { label: 'State', before: null, after: 'Waiting for setup' },
      { label: 'Countries', before: null, after: '(none)' },
    ]);
    expect(lines(changedFields(10, 2500))).toEqual([
      { label: 'Value', before: '10', after: '2,500' },
    ]);
    expect(changedFields({ a: 1 }, { a: 1 })).toEqual([]);
  });

  it('never shows JSON: nested values read as named pairs, yes and no', () => {
    expect(
      lines(
        changedFields(
          { limits: { maxPerOrder: 2, trustedDevice: false } },
          { limits: { maxPerOrder: 3, trustedDevice: true }, lines: [{ giftId: 4, quantity: 2 }] },
        ),
      ),
    ).toEqual([
      {
        label: 'Limits',
        before: 'Max per order: 2; Trusted device: No',
        after: 'Max per order: 3; Trusted device: Yes',
      },
      { label: 'Lines', before: null, after: '(Gift id: 4; Quantity: 2)' },
    ]);
    for (const line of lines(changedFields({ deep: { x: { y: [1, 2] } } }, null))) {
      expect(line.before).not.toMatch(/[{}"]/);
    }
  });

  it('names fields in words', () => {
    expect(fieldLabel('refundedPoints')).toBe('Refunded points');
    expect(fieldLabel('setup-link-voided')).toBe('Setup link voided');
    expect(fieldLabel('address')).toBe('Client address');
  });

  it('says why a staff login failed in words', () => {
    expect(
      lines(
        changedFields(null, { address: '10.0.0.1', failure: 'wrong-password-or-code' }, 'staff'),
      ),
    ).toEqual([
      { label: 'Client address', before: null, after: '10.0.0.1' },
      { label: 'Failure', before: null, after: 'Wrong password or code' },
    ]);
  });

  it('writes an order’s state in the order queue’s words: a refund reads Refunded, never failed', () => {
    expect(
      lines(
        changedFields({ state: 'submitted' }, { state: 'failed', refundedPoints: 150 }, 'order'),
      ),
    ).toEqual([
      { label: 'State', before: 'Sent to the provider', after: 'Refunded' },
      { label: 'Refunded points', before: null, after: '150' },
    ]);
    // Another target's `state` keeps its own value.
    expect(lines(changedFields({ state: 'sent' }, { state: 'confirmed' }, 'member'))).toEqual([
      { label: 'State', before: 'sent', after: 'confirmed' },
    ]);
  });
});
