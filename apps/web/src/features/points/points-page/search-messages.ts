import { pointsSearchMessages } from '@club/contract/points';
import { useDictionary } from '../../../shared/use-dictionary';

const keyOfMessage = new Map<string, string>(
  Object.entries(pointsSearchMessages).map(([key, message]) => [message, key]),
);

/**
 * A search message in the page's language: the contract's English messages
 * (the form's and the server's, from the same schema) have the dictionary
 * keys `points.message.{name}` (`pnrRequired`, `dateFormat`…); other
 * messages show as they came.
 */
export function useSearchMessage(): (message: string) => string {
  const text = useDictionary();
  return (message) => {
    const key = keyOfMessage.get(message);
    return key === undefined ? message : text(`points.message.${key}`, message);
  };
}
