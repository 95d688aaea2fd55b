import { useLocation, type To } from 'react-router';

/** What a list's links carry in the history: the list's own query (search, filters, page). */
type ListState = { listSearch?: string } | null;

/**
 * The history state for a list's links to its items: the list's query, so
 * that the item's "Back" link returns to the same search or filter.
 */
export function useListState(): { listSearch: string } {
  return { listSearch: useLocation().search };
}

/**
 * The target of an item's "Back" link: the list it was opened from, with
 * that list's query; the plain list (`plainSearch`) when the item was opened
 * another way. `list` is the list's path relative to the item's.
 */
export function useBackToList(list = '..', plainSearch = ''): To {
  const state = useLocation().state as ListState;
  return { pathname: list, search: state?.listSearch ?? plainSearch };
}
