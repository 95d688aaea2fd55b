import type { ShellState } from '../shell-types';

/**
 * Layout modes of spec 1 §2:
 * - `normal`: header (with banner and mobile menu), main, footer;
 * - `without-layout`: extra top margin, no header, banner, mobile menu or footer;
 * - `direct-access`: for members of the direct-access product, the header
 *   variant only; the membership capability shows its approval dialog over it.
 */
export type ShellMode = 'normal' | 'without-layout' | 'direct-access';

export function shellMode(state: Pick<ShellState, 'withoutLayout' | 'directAccess'>): ShellMode {
  if (state.directAccess) return 'direct-access';
  return state.withoutLayout ? 'without-layout' : 'normal';
}
