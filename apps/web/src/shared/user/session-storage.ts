import { removeStoredValue } from '../../lib/client-storage';

/**
 * Clears the stored session (spec 1 §3 "Stored client values: token,
 * userId"). Storing one is `use-session.ts`'s, outside the first script.
 */
export function clearSession(): void {
  removeStoredValue('token');
  removeStoredValue('userId');
}
