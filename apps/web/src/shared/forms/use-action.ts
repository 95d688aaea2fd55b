import { useState } from 'react';
import { useCommonState } from '../common-state';
import { useSubmitErrorMessage } from './use-submit-error';

/**
 * A button's call outside a form (send the delete link, ask the manager):
 * busy while it runs, so a second click does nothing; a failure shows the
 * generic submit error.
 */
export function useAction(action: () => Promise<void>): {
  busy: boolean;
  run: () => Promise<void>;
} {
  const { addError, cleanErrors } = useCommonState();
  const submitErrorMessage = useSubmitErrorMessage();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    cleanErrors();
    try {
      await action();
    } catch (error) {
      addError(submitErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
