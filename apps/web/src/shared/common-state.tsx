import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useState,
  type ReactNode,
} from 'react';
import type { User } from '@club/contract/membership';
import { readStoredValue, removeStoredValue, writeStoredValue } from '../lib/client-storage';
import { applyUserCheck, startUserCheck, type UserCheckOutcome } from './user/user-check';

/**
 * The common client state of spec 1 §3: errors, page progress, the
 * without-layout mode and the logged-in user with its check flags.
 */
export type CommonState = {
  /** HTML error strings of the error banner. */
  errors: string[];
  /** Page progress: on at start, on while set by a capability, off on page change. */
  pageProgress: boolean;
  withoutLayout: boolean;
  /** The logged-in member; null for guests and until the user check answers. */
  user: User | null;
  /** The user check answered, or was skipped because no user id is stored. */
  userChecked: boolean;
  /** The user check failed for another reason than 401 or 403. */
  userCheckError: boolean;
};

export type CommonAction =
  | { type: 'errorAdded'; error: string }
  | { type: 'errorsCleaned' }
  | { type: 'pageProgressSet'; on: boolean }
  | { type: 'withoutLayoutSet'; on: boolean }
  /** A new page is shown: its load errors replace the old ones and progress stops. */
  | { type: 'pageChanged'; errors: string[] }
  /** Login, logout, a user check or a profile update: the member now (null: logged out). */
  | { type: 'userSet'; user: User | null }
  | { type: 'userCheckFailed' };

export function commonReducer(state: CommonState, action: CommonAction): CommonState {
  switch (action.type) {
    case 'errorAdded':
      // Spec 1 §4: "adding an error switches it off".
      return { ...state, errors: [...state.errors, action.error], pageProgress: false };
    case 'errorsCleaned':
      return state.errors.length === 0 ? state : { ...state, errors: [] };
    case 'pageProgressSet':
      return state.pageProgress === action.on ? state : { ...state, pageProgress: action.on };
    case 'withoutLayoutSet':
      return state.withoutLayout === action.on ? state : { ...state, withoutLayout: action.on };
    case 'pageChanged':
      return { ...state, errors: action.errors, pageProgress: false };
    case 'userSet':
      return { ...state, user: action.user, userChecked: true, userCheckError: false };
    case 'userCheckFailed':
      return { ...state, userChecked: true, userCheckError: true };
  }
}

export function initialCommonState(): CommonState {
  return {
    errors: [],
    pageProgress: true,
    withoutLayout: readStoredValue('withoutLayout') === '1',
    user: null,
    // Spec 1 §4: "No user id stored means check is skipped."
    userChecked: readStoredValue('userId') === null,
    userCheckError: false,
  };
}

/**
 * The `withoutLayout` query: `1` turns the mode on and remembers it, `0` turns
 * it off; without the query the stored value stands (undefined is returned).
 */
export function applyWithoutLayoutQuery(search: string): boolean | undefined {
  const value = new URLSearchParams(search).get('withoutLayout');
  if (value === '1') {
    writeStoredValue('withoutLayout', '1');
    return true;
  }
  if (value === '0') {
    removeStoredValue('withoutLayout');
    return false;
  }
  return undefined;
}

export type CommonStateApi = CommonState & {
  addError: (error: string) => void;
  cleanErrors: () => void;
  setPageProgress: (on: boolean) => void;
  setWithoutLayout: (on: boolean) => void;
  /** For the app: a new page is shown with these load errors. */
  pageChanged: (errors: string[]) => void;
  setUser: (user: User | null) => void;
  userCheckFailed: () => void;
};

const CommonStateContext = createContext<CommonStateApi | null>(null);

export function CommonStateProvider({
  userCheck: startedUserCheck,
  children,
}: {
  /** The startup user check when the app started it before rendering; else it starts here. */
  userCheck?: Promise<UserCheckOutcome>;
  children: ReactNode;
}) {
  const [state, dispatch] = useReducer(commonReducer, undefined, initialCommonState);
  const [userCheck] = useState(() => startedUserCheck ?? startUserCheck());
  const actions = useMemo(
    () => ({
      addError: (error: string) => dispatch({ type: 'errorAdded', error }),
      cleanErrors: () => dispatch({ type: 'errorsCleaned' }),
      setPageProgress: (on: boolean) => dispatch({ type: 'pageProgressSet', on }),
      setWithoutLayout: (on: boolean) => dispatch({ type: 'withoutLayoutSet', on }),
      pageChanged: (errors: string[]) => dispatch({ type: 'pageChanged', errors }),
      setUser: (user: User | null) => dispatch({ type: 'userSet', user }),
      userCheckFailed: () => dispatch({ type: 'userCheckFailed' }),
    }),
    [],
  );
  // The startup user check (spec 2 §4 "Startup"), in parallel with the first page.
  useEffect(() => {
    let current = true;
    void userCheck.then((outcome) => {
      if (current) applyUserCheck(outcome, actions);
    });
    return () => {
      current = false;
    };
  }, [userCheck, actions]);
  const value = useMemo(() => ({ ...state, ...actions }), [state, actions]);
  return <CommonStateContext value={value}>{children}</CommonStateContext>;
}

export function useCommonState(): CommonStateApi {
  const value = useContext(CommonStateContext);
  if (!value) throw new Error('useCommonState needs a CommonStateProvider');
  return value;
}
