import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@club/contract/layout';
import { memberOnlyItems, menuItemsFor } from './menu-audience';

const items: MenuItem[] = [
  { pageName: 'registration', title: 'Registration', audience: 'guest' },
  { pageName: 'faq', title: 'Rules', audience: 'both' },
  { pageName: 'profile-update', title: 'Update Details', audience: 'member' },
];

const names = (list: MenuItem[]) => list.map((item) => item.pageName);

describe('menu audiences', () => {
  it('gives guests the guest items and the items for everyone', () => {
    expect(names(menuItemsFor(items, false))).toEqual(['registration', 'faq']);
  });

  it('gives members the member items and the items for everyone, never Registration', () => {
    expect(names(menuItemsFor(items, true))).toEqual(['faq', 'profile-update']);
  });

  it('takes an item without a known audience as one for everyone', () => {
    const old = [{ pageName: 'news', title: 'News' } as MenuItem];
    expect(names(menuItemsFor(old, false))).toEqual(['news']);
    expect(names(menuItemsFor(old, true))).toEqual(['news']);
  });

  it('picks the members-only items for the account menu', () => {
    expect(names(memberOnlyItems(items))).toEqual(['profile-update']);
  });
});
