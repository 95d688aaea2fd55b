import { useEffect } from 'react';

/** Names the browser tab after the screen: `Members – Staff console`. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} – Staff console`;
  }, [title]);
}
