import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useBlocker } from 'react-router';
import { Dialog } from './ui/dialog';

/**
 * Forms with unsaved changes ask before the staff member leaves them: a link
 * or Back within the console opens a confirmation, closing or reloading the
 * tab gets the browser's own question (`beforeunload`). One blocker for the
 * whole console (the data router allows one at a time): every form reports
 * whether it holds changes through `useUnsavedChanges`, and the guard asks
 * while any does.
 */

type Registry = {
  /** Marks a form as holding unsaved changes, or not. */
  set: (id: string, dirty: boolean) => void;
};

const UnsavedChangesContext = createContext<Registry | null>(null);

/** Whether moving from one location to another leaves the page (a new path, not a new query or hash). */
const leavesPage = (from: { pathname: string }, to: { pathname: string }) =>
  from.pathname !== to.pathname;

/**
 * The console's one guard: put once inside the data router, around every
 * screen that has forms.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  // Read by the blocker when a navigation starts, so it sees a form saved in the same tick.
  const dirtyForms = useRef(new Set<string>());
  const [anyDirty, setAnyDirty] = useState(false);
  const set = useCallback((id: string, dirty: boolean) => {
    if (dirty) dirtyForms.current.add(id);
    else dirtyForms.current.delete(id);
    setAnyDirty(dirtyForms.current.size > 0);
  }, []);
  const registry = useMemo(() => ({ set }), [set]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyForms.current.size > 0 && leavesPage(currentLocation, nextLocation),
  );

  useEffect(() => {
    if (!anyDirty) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      // Older browsers ask only when a value is set; the standard way is preventDefault.
      event.returnValue = 'unsaved';
      event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [anyDirty]);

  const stay = () => blocker.reset?.();
  const leave = () => {
    // The forms left behind unmount; their changes are dropped on purpose.
    dirtyForms.current.clear();
    setAnyDirty(false);
    blocker.proceed?.();
  };

  return (
    <UnsavedChangesContext.Provider value={registry}>
      {children}
      <Dialog title="Leave without saving?" open={blocker.state === 'blocked'} onClose={stay}>
        <p>This page has changes that are not saved. If you leave now, they are lost.</p>
        <div className="toolbar">
          <button type="button" onClick={stay}>
            Stay on this page
          </button>
          <button type="button" className="danger" onClick={leave}>
            Leave without saving
          </button>
        </div>
      </Dialog>
    </UnsavedChangesContext.Provider>
  );
}

/**
 * A form reports whether it holds changes not yet saved: while it does,
 * leaving the page asks first (a link, Back, closing the tab). Answers
 * `saved()`, for a form that navigates in the same step as it saves (the next
 * render would come too late for the blocker). Outside the guard (a form
 * rendered alone in a test) it does nothing.
 */
export function useUnsavedChanges(dirty: boolean): { saved: () => void } {
  const registry = useContext(UnsavedChangesContext);
  const id = useId();
  useEffect(() => {
    registry?.set(id, dirty);
  }, [registry, id, dirty]);
  // A form that goes away takes its changes with it (the guard asked already, or it was saved).
  useEffect(() => () => registry?.set(id, false), [registry, id]);
  const saved = useCallback(() => registry?.set(id, false), [registry, id]);
  return { saved };
}

/**
 * A form held in state, against the value it started from or was last saved
 * as: unsaved while they differ (compared as JSON), reported to the guard.
 * `savedAs(value)` sets what counts as saved (after a publish, or when the
 * form is filled from a stored item to edit).
 */
export function useEdits<T>(value: T, initial: T): { dirty: boolean; savedAs: (value: T) => void } {
  const [baseline, setBaseline] = useState(initial);
  const dirty = JSON.stringify(value) !== JSON.stringify(baseline);
  const { saved } = useUnsavedChanges(dirty);
  const savedAs = useCallback(
    (next: T) => {
      saved();
      setBaseline(next);
    },
    [saved],
  );
  return { dirty, savedAs };
}
