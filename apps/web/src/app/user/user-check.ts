import type { User } from '@club/contract/membership';
import { isApiError } from '../../lib/api-error';
import { readStoredValue } from '../../lib/client-storage';
import { httpClient } from '../../lib/http-client';
import { clearSession } from './session-storage';

export type UserCheckActions = {
  setUser: (user: User | null) => void;
  userCheckFailed: () => void;
};

/**
 * The user check of spec 1 §4: `GET /s2c/auth/v1/agents/{id}` for the stored
 * user id (skipped without one). 401 or 403 means logged out: the stored
 * values are cleared. Any other failure sets the error flag. Answers the
 * member, or null.
 */
export async function checkUser(actions: UserCheckActions): Promise<User | null> {
  const id = readStoredValue('userId');
  if (id === null) return null;
  try {
    const user = await httpClient.get<User>(`/s2c/auth/v1/agents/${encodeURIComponent(id)}`);
    actions.setUser(user);
    return user;
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403)) {
      clearSession();
      actions.setUser(null);
    } else actions.userCheckFailed();
    return null;
  }
}
