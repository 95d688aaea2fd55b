import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { fallbackLayout, type ClientLayout } from '@club/contract/client-layout';
import { LayoutContext } from '../shared/layout-context';
import { createTestNavigator, TestRouter } from './test-router';

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

/** One screen inside a router over a memory history at `/eng`, with the layout in context. */
export function renderScreen(ui: ReactElement, layout: ClientLayout = makeClientLayout()) {
  const router = createTestNavigator('/eng');
  const view = render(
    <TestRouter navigator={router}>
      <LayoutContext value={layout}>{ui}</LayoutContext>
    </TestRouter>,
  );
  return { ...view, router };
}
