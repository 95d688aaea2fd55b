import type { ShellState } from '../shell-types';

/**
 * Layout modes of spec 1 §2:
 * - `normal`: header (with banner and mobile menu), main, footer;
 * - `without-layout`: extra top margin, no header, banner, mobile menu or footer.
 *
 * Extension point: the direct-access overlay (users redirected from the
 * direct-access product) belongs to a later capability. It adds a
 * `'direct-access'` member here, chosen from its own flag on `ShellState`, and a
 * branch in `PageShell` that renders the header only with its approval dialog;
 * TypeScript then points at every switch over `ShellMode` that must handle it.
 */
export type ShellMode = 'normal' | 'without-layout';

export function shellMode(state: Pick<ShellState, 'withoutLayout'>): ShellMode {
  return state.withoutLayout ? 'without-layout' : 'normal';
}
