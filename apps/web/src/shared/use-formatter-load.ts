import { useCallback, useEffect, useRef, useState } from 'react';
import { countedFormatterInstalled } from '@club/contract/message-catalogue';
import { messageFormat } from '../lib/message-format-module';

/**
 * Loads the message formatter and words the component again once it is
 * there, if it is still on the page then: a load that ends after it left
 * (another screen, the end of a test) changes nothing.
 */
export function useFormatterLoad(): () => void {
  const [, setFormatterLoaded] = useState(countedFormatterInstalled);
  // Set only when the component leaves: a load answered before its first effect still counts.
  const gone = useRef(false);
  useEffect(() => {
    gone.current = false;
    return () => {
      gone.current = true;
    };
  }, []);
  return useCallback(() => {
    messageFormat.load().then(
      () => {
        if (!gone.current) setFormatterLoaded(true);
      },
      () => undefined,
    );
  }, []);
}
