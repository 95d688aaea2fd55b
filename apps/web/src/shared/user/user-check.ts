import type { User } from '@club/contract/membership';
import { isApiError } from '../../lib/api-error';
import { readStoredValue } from '../../lib/client-storage';
import { httpClient } from '../../lib/http-client';
import { clearSession } from './session-storage';

export type UserCheckActions = {
  setUser: (user: User | null) => void;
  userCheckFailed: () => void;
};

/** What a user check found. */
export type UserCheckOutcome =
  | { kind: 'user'; user: User }
  /** No user id stored: the check is skipped (spec 1 §4). */
  | { kind: 'skipped' }
  /** 401 or 403: the stored session is cleared. */
  | { kind: 'logged-out' }
  | { kind: 'failed' };

/**
 * The user check of spec 1 §4: `GET /s2c/auth/v1/agents/{id}` for the stored
 * user id (skipped without one). 401 or 403 means logged out: the stored
 * values are cleared. Any other failure is `failed`. It never rejects, so the
 * app can start it before its first render and wait on it in several places.
 */
export async function startUserCheck(): Promise<UserCheckOutcome> {
  const id = readStoredValue('userId');
  if (id === null) return { kind: 'skipped' };
  try {
    const user = await httpClient.get<User>(`/s2c/auth/v1/agents/${encodeURIComponent(id)}`);
    return { kind: 'user', user };
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403)) {
      clearSession();
      return { kind: 'logged-out' };
    }
    return { kind: 'failed' };
  }
}

/** The member a check found, or null. */
export function checkedUser(outcome: UserCheckOutcome): User | null {
  return outcome.kind === 'user' ? outcome.user : null;
}

/** Puts a check's outcome into the common state (a skipped check has nothing to put). */
export function applyUserCheck(outcome: UserCheckOutcome, actions: UserCheckActions): void {
  if (outcome.kind === 'user') actions.setUser(outcome.user);
  else if (outcome.kind === 'logged-out') actions.setUser(null);
  else if (outcome.kind === 'failed') actions.userCheckFailed();
}

/** A user check whose outcome goes into the common state; answers the member, or null. */
export async function checkUser(actions: UserCheckActions): Promise<User | null> {
  const outcome = await startUserCheck();
  applyUserCheck(outcome, actions);
  return checkedUser(outcome);
}
