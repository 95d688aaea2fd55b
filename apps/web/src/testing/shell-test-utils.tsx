import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { useLocation } from '../shared/navigation/navigator-router';
import { vi } from 'vitest';
import { fallbackLayout, type ClientLayout } from '@club/contract/client-layout';
import { LayoutContext } from '../shared/layout-context';
import type { ShellState } from '../app/shell-types';
import { createTestNavigator, TestRouter } from './test-router';

/** A filled-in layout of a demo country (Greece, English as second language). */
export function makeLayout(overrides: Partial<ClientLayout> = {}): ClientLayout {
  return {
    ...fallbackLayout,
    countryCode: 'gr',
    languageCode: 'eng',
    languageShortCode: 'en',
    defaultLanguageCode: 'ell',
    languageRoute: '/eng',
    routePrefix: '/eng',
    currentLanguageNativeTitle: 'English',
    languages: [
      { code: 'ell', nativeTitle: 'Ελληνικά', isCurrent: false },
      { code: 'eng', nativeTitle: 'English', isCurrent: true },
    ],
    paramsRoute: ['agency'],
    menuItems: [
      { pageName: 'registration', title: 'Registration', audience: 'guest' },
      { pageName: 'faq', title: 'Rules', audience: 'both' },
    ],
    menuHidden: false,
    languageSelectHidden: false,
    ...overrides,
  };
}

export function makeShellState(overrides: Partial<ShellState> = {}): ShellState {
  return {
    layout: makeLayout(),
    pageName: 'home',
    registered: false,
    directAccess: false,
    withoutLayout: false,
    pageProgress: false,
    errors: [],
    cleanErrors: () => undefined,
    ...overrides,
  };
}

function LocationProbe() {
  const location = useLocation();
  return <span data-testid="location">{`${location.pathname}${location.search}`}</span>;
}

/** Renders inside a router over a memory history at `path` with the layout in context. */
export function renderWithLayout(
  ui: ReactElement,
  { layout = makeLayout(), path = '/eng' }: { layout?: ClientLayout; path?: string } = {},
): RenderResult {
  const navigator = createTestNavigator(path);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestRouter navigator={navigator}>
      <LayoutContext value={layout}>
        {children}
        <LocationProbe />
      </LayoutContext>
    </TestRouter>
  );
  return render(ui, { wrapper });
}

type HappyDomWindow = {
  happyDOM: {
    setViewport(viewport: { width?: number; height?: number }): void;
    settings: { device: { prefersReducedMotion: string } };
  };
};

/** happy-dom's own controls for the viewport and the reduced-motion preference. */
export function happyDom(): HappyDomWindow['happyDOM'] {
  return (window as unknown as HappyDomWindow).happyDOM;
}

/** happy-dom has no layout engine: give the document a height. */
export function setDocumentHeight(height: number): void {
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    configurable: true,
    value: height,
  });
}

/**
 * A resize observer the test drives, as the browser would after a layout:
 * `report` calls every live observer with its observed elements.
 */
export function stubResizeObserver() {
  const live = new Set<{ callback: ResizeObserverCallback; targets: Element[] }>();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      private readonly entry: { callback: ResizeObserverCallback; targets: Element[] };
      constructor(callback: ResizeObserverCallback) {
        this.entry = { callback, targets: [] };
        live.add(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.push(target);
      }
      disconnect() {
        this.entry.targets.length = 0;
        live.delete(this.entry);
      }
    },
  );
  return {
    /** The elements observed now. */
    observed: () => [...live].flatMap((entry) => entry.targets),
    report(entries: (target: Element) => Partial<ResizeObserverEntry> = () => ({})) {
      for (const { callback, targets } of [...live])
        callback(
          targets.map((target) => ({ target, ...entries(target) }) as ResizeObserverEntry),
          {} as ResizeObserver,
        );
    },
  };
}
