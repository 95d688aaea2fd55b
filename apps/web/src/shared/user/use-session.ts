import { useCallback, useEffect } from 'react';
import { useNavigate, useRevalidator } from '../navigation/navigator-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionAnswer } from '@club/contract/membership';
import { writeStoredValue } from '../../lib/client-storage';
import { httpClient } from '../../lib/http-client';
import { useCommonState } from '../common-state';
import { useLayout } from '../layout-context';
import { pagePath } from '../paths';
import { clearSession } from './session-storage';

/** Stores the session of a login (spec 1 §3 "Stored client values: token, userId"). */
function storeSession(token: string, userId: number): void {
  writeStoredValue('token', token);
  writeStoredValue('userId', String(userId));
}

/**
 * Page answers may differ for a member (and member pages hold their data):
 * none survives a login or a logout.
 */
const pageQueries = { queryKey: ['page'] };

/** Forgets the session here: stored token and user id, and the cached page answers. */
function forgetSession(queryClient: QueryClient): void {
  clearSession();
  queryClient.removeQueries(pageQueries);
}

/**
 * Login (and a registration that logs in): stores token and user id, sets the
 * user and goes to `pageName`, with `state` as the navigation state. An answer
 * without a token (registration that still needs email confirmation) only goes
 * there.
 */
export function useLogIn(): (
  answer: SessionAnswer,
  pageName: string,
  state?: unknown,
) => Promise<void> {
  const { setUser } = useCommonState();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const layout = useLayout();
  return useCallback(
    async ({ user, token }, pageName, state) => {
      if (token !== null) {
        storeSession(token, user.id);
        queryClient.removeQueries(pageQueries);
        setUser(user);
      }
      await navigate(pagePath(layout, pageName), { state });
    },
    [setUser, queryClient, navigate, layout],
  );
}

/** Ends the session on this side: stored values, cached page answers and the user. */
export function useEndSession(): () => void {
  const { setUser } = useCommonState();
  const queryClient = useQueryClient();
  return useCallback(() => {
    forgetSession(queryClient);
    setUser(null);
  }, [setUser, queryClient]);
}

/**
 * Logout (spec 1 §4): `POST /s2c/auth/v1/agents/logout`, any failure treated
 * as success; clears token, user id and user, and goes home.
 */
export function useLogOut(): () => Promise<void> {
  const { setUser } = useCommonState();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const layout = useLayout();
  return useCallback(async () => {
    try {
      await httpClient.post('/s2c/auth/v1/agents/logout');
    } catch {
      // Spec 1 §4: "any logout failure is treated as success".
    }
    forgetSession(queryClient);
    // Home is loaded as a guest's before the header changes.
    await navigate(pagePath(layout, 'home'));
    setUser(null);
  }, [setUser, queryClient, navigate, layout]);
}

/**
 * Reloads the page once the user check has refused the stored session, so
 * that a screen loaded for a member (member home, profile) shows the guest's
 * page (guest home, the 403 screen).
 */
export function useReloadWhenLoggedOut(): void {
  const { user, userChecked, userCheckError } = useCommonState();
  const revalidator = useRevalidator();
  const loggedOut = userChecked && user === null && !userCheckError;
  useEffect(() => {
    if (loggedOut && !revalidator.revalidating) void revalidator.revalidate();
  }, [loggedOut, revalidator]);
}
