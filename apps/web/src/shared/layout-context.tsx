import { createContext, useContext } from 'react';
import { fallbackLayout, type ClientLayout } from '@club/contract/client-layout';

/** The current layout (spec 1 §3), provided once by the app; the fallback until one loads. */
export const LayoutContext = createContext<ClientLayout>(fallbackLayout);

export function useLayout(): ClientLayout {
  return useContext(LayoutContext);
}
