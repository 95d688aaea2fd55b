import { submitErrorMessage } from '../../lib/api-error';
import { useMessageWording } from '../use-message-wording';

/** `(error) => message` of a failed submit in the page's language (the generic one unless the server sent its own). */
export function useSubmitErrorMessage(): (error: unknown) => string {
  const word = useMessageWording();
  return (error) => word(submitErrorMessage(error));
}
