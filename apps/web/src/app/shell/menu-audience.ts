import type { MenuItem } from '@club/contract/layout';

/**
 * The layout menu's items a visitor sees (content's `audience`): guests the
 * guest items, members the member items, everyone the items for both. An item
 * without a known audience is for both.
 */
export function menuItemsFor(items: readonly MenuItem[], registered: boolean): MenuItem[] {
  const otherAudience = registered ? 'guest' : 'member';
  return items.filter((item) => item.audience !== otherAudience);
}

/** A member's own items, which the account menu holds on wide screens. */
export function memberOnlyItems(items: readonly MenuItem[]): MenuItem[] {
  return items.filter((item) => item.audience === 'member');
}
