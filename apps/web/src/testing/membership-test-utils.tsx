import { useLayoutEffect, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { parsePath } from '../shared/navigation/path';
import { useLocation } from '../shared/navigation/navigator-router';
import { vi } from 'vitest';
import type { ClientLayout } from '@club/contract/client-layout';
import type { Layout } from '@club/contract/layout';
import type { User } from '@club/contract/membership';
import type { Page } from '@club/contract/page';
import { CommonStateProvider, useCommonState } from '../shared/common-state';
import { LayoutContext } from '../shared/layout-context';
import { createQueryClient } from '../lib/query-client';
import { jsonResponse, makePageAnswer } from './fake-content-api';
import { makeClientLayout } from './render-screen';
import { createTestNavigator, TestRouter } from './test-router';

/** A member as the API shows them (Greek office, terms accepted). */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    number: '100200300',
    countryCode: 'gr',
    firstName: 'Eleni',
    lastName: 'Papadopoulou',
    title: 'ms',
    email: 'eleni@example.com',
    phone: '+30 2101234567',
    birthdayDay: '05',
    birthdayMonth: '03',
    newsletter: false,
    sign: '',
    officeId: 'ATHGR2100',
    agency: 'Acropolis Travel',
    address: '10558 Ermou 10, Athens',
    giftDeliveryAddress: '',
    agentAcceptedTermsAndConditions: true,
    isAmadeusDirectUser: false,
    ...overrides,
  };
}

/** A call the app made: method, path, query, headers and the form-encoded body. */
export type ApiCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: URLSearchParams;
};

/** An error answer in the API's shape. */
export function apiError(status: number, code: string, data: unknown = null): Response {
  return jsonResponse(status, { code, data });
}

/** A success answer: `{ data }`. */
export function apiData(data: unknown): Response {
  return jsonResponse(200, { data });
}

/**
 * Replaces `fetch`: `answer` gives the response of each call (undefined: a
 * 404). Layout and page calls fall back to a Greek layout in English and a
 * generic page. Answers the list of calls made.
 */
export function stubApi(
  answer: (call: ApiCall) => Response | Promise<Response> | undefined = () => undefined,
  { layout = makeClientLayout() }: { layout?: Layout } = {},
): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | URL, init?: RequestInit) => {
      const url = new URL(input, location.origin);
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: new Headers(init?.headers),
        body: new URLSearchParams(typeof init?.body === 'string' ? init.body : ''),
      };
      calls.push(call);
      const response = answer(call);
      if (response) return Promise.resolve(response);
      if (call.path === '/s2c/content/v1/layout/') return Promise.resolve(apiData(layout));
      const page = /^\/s2c\/content\/v1\/pages\/([^/]+)\/$/.exec(call.path);
      if (page?.[1] && call.method === 'GET')
        return Promise.resolve(apiData(makePageAnswer(decodeURIComponent(page[1]))));
      return Promise.resolve(apiError(404, 'NOT_FOUND'));
    }),
  );
  return calls;
}

function UserSeed({ user }: { user: User | null }) {
  const { setUser } = useCommonState();
  useLayoutEffect(() => {
    if (user) setUser(user);
  }, [user, setUser]);
  return null;
}

/** The common error list, as the page shell's error banner shows it. */
function ErrorsProbe() {
  const { errors } = useCommonState();
  return errors.length === 0 ? null : (
    <ul data-testid="errors">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

function LocationProbe() {
  const location = useLocation();
  return <span data-testid="location">{`${location.pathname}${location.search}`}</span>;
}

type RenderOptions = {
  layout?: ClientLayout;
  path?: string;
  /** The navigation state the screen was reached with. */
  state?: unknown;
  user?: User | null;
};

/**
 * One membership screen with what the app gives it: common state (with a
 * logged-in `user` if given), query cache, router at `path` and the layout.
 */
export function renderMembershipScreen(
  ui: ReactElement,
  { layout = makeClientLayout(), path = '/eng', state, user = null }: RenderOptions = {},
) {
  const queryClient = createQueryClient();
  const router = createTestNavigator(state === undefined ? path : { ...parsePath(path), state });
  const view = render(
    <CommonStateProvider>
      <QueryClientProvider client={queryClient}>
        <TestRouter navigator={router}>
          <LayoutContext value={layout}>
            <UserSeed user={user} />
            <ErrorsProbe />
            {ui}
            <LocationProbe />
          </LayoutContext>
        </TestRouter>
      </QueryClientProvider>
    </CommonStateProvider>,
  );
  return { ...view, router, queryClient };
}

/** A page answer with page-specific fields. */
export function makePage<T extends object>(name: string, fields: T, base: Partial<Page> = {}) {
  return { ...makePageAnswer(name, base), ...fields };
}
