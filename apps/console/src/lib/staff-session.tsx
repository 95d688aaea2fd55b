import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { Staff, StaffRole } from '@club/contract/staff';
import { sessionEndedEvent, staffCall, staffToken } from './staff-api';

type SessionState =
  | { kind: 'checking' }
  | { kind: 'signed-out'; ended: boolean }
  | { kind: 'signed-in'; staff: Staff };

type StaffSession = {
  state: SessionState;
  signedIn: (token: string, staff: Staff) => void;
  logOut: () => Promise<void>;
};

const SessionContext = createContext<StaffSession | null>(null);

/** The session's context, for tests that render a screen as a given staff member (src/testing). */
export const StaffSessionContext = SessionContext;

const sessionPath = '/s2c/staff/v1/session';

/** The check started before the first render, until the provider takes it (startSessionCheck). */
let startedCheck: Promise<Staff> | undefined;

/**
 * Starts checking the tab's staff token before the console's first render, so
 * the answer travels while React renders and the first screen's code loads;
 * the provider takes this check instead of starting its own.
 */
export function startSessionCheck(): void {
  if (staffToken.get() === null || startedCheck !== undefined) return;
  startedCheck = staffCall<Staff>('GET', sessionPath);
  // A refusal is the provider's to read when it takes the check.
  startedCheck.catch(() => undefined);
}

/** The check started before the first render (taken once), else a new one. */
function checkSession(): Promise<Staff> {
  const started = startedCheck;
  startedCheck = undefined;
  return started ?? staffCall<Staff>('GET', sessionPath);
}

/** The signed-in staff member for the whole console; a 401 anywhere signs them out with a notice. */
export function StaffSessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(() =>
    staffToken.get() === null ? { kind: 'signed-out', ended: false } : { kind: 'checking' },
  );

  useEffect(() => {
    if (state.kind !== 'checking') return;
    let live = true;
    checkSession()
      .then((staff) => live && setState({ kind: 'signed-in', staff }))
      .catch(() => live && setState({ kind: 'signed-out', ended: false }));
    return () => {
      live = false;
    };
  }, [state.kind]);

  useEffect(() => {
    const ended = () => setState({ kind: 'signed-out', ended: true });
    window.addEventListener(sessionEndedEvent, ended);
    return () => window.removeEventListener(sessionEndedEvent, ended);
  }, []);

  const signedIn = useCallback((token: string, staff: Staff) => {
    staffToken.set(token);
    setState({ kind: 'signed-in', staff });
  }, []);

  const logOut = useCallback(async () => {
    try {
      await staffCall('DELETE', sessionPath);
    } catch {
      // The session may have ended already: the console forgets it either way.
    }
    staffToken.clear();
    setState({ kind: 'signed-out', ended: false });
  }, []);

  const value = useMemo(() => ({ state, signedIn, logOut }), [state, signedIn, logOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useStaffSession(): StaffSession {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useStaffSession outside StaffSessionProvider');
  return session;
}

/** The signed-in staff member (screens inside the shell only). */
export function useStaff(): Staff {
  const { state } = useStaffSession();
  if (state.kind !== 'signed-in') throw new Error('useStaff while not signed in');
  return state.staff;
}

/** Whether the staff member has one of these roles. */
export function hasRole(staff: Staff, roles: readonly StaffRole[]): boolean {
  return roles.includes(staff.role);
}
