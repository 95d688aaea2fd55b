import type { LazyQueryClient } from './lazy-query-client';
import { createPageNavigator, type PageNavigator } from '../shared/navigation/page-navigator';
import type { PageHistory } from '../shared/navigation/page-history';
import { createPageLoader, type PageView } from './page-loader';
import type { UserCheckOutcome } from '../shared/user/user-check';

/**
 * The app's navigation: every path is resolved by the route table of spec 2
 * §2.1 (contract `resolveRoute`) in the page loader, and shown through the
 * page registry. The browser's history in the app, a memory history in tests.
 */
export type AppNavigator = PageNavigator<PageView>;

export function createAppNavigator(
  history: PageHistory,
  queries: LazyQueryClient,
  userCheck: Promise<UserCheckOutcome>,
  started?: Promise<void>,
): AppNavigator {
  return createPageNavigator(history, createPageLoader(queries, userCheck), started);
}
