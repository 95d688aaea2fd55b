import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fallbackLayout, type ClientLayout } from '@club/contract/client-layout';
import { LayoutContext } from '../app/layout-context';

/** A Greek layout in English (a non-default language, so links carry `/eng`). */
export function makeClientLayout(overrides: Partial<ClientLayout> = {}): ClientLayout {
  return {
    ...fallbackLayout,
    countryCode: 'gr',
    languageCode: 'eng',
    languageShortCode: 'en',
    defaultLanguageCode: 'ell',
    languageRoute: '/eng',
    routePrefix: '/eng',
    menuHidden: false,
    ...overrides,
  };
}

/** One screen inside a memory router at `/eng`, with the layout in context. */
export function renderScreen(ui: ReactElement, layout: ClientLayout = makeClientLayout()) {
  const router = createMemoryRouter(
    [{ path: '*', element: <LayoutContext value={layout}>{ui}</LayoutContext> }],
    { initialEntries: ['/eng'] },
  );
  return { ...render(<RouterProvider router={router} />), router };
}
