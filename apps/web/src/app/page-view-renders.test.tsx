import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { fallbackLayout } from '@club/contract/client-layout';
import { CommonStateProvider } from '../shared/common-state';
import { makePageAnswer } from '../testing/fake-content-api';
import { createTestNavigator, TestRouter } from '../testing/test-router';
import { createQueryClient } from '../lib/query-client';
import { startUserCheck } from '../shared/user/user-check';
import type { ScreenProps } from '../shared/screens';
import type { PageView as PageViewData } from './page-loader';
import { PageView } from './page-view';

describe('page view while the next page loads (issue 19: a quick answer to a search or a link)', () => {
  it('shows the progress without rendering the shown screen again', () => {
    let screenRenders = 0;
    function CountingScreen({ page }: ScreenProps) {
      screenRenders += 1;
      return <h1>{page.title}</h1>;
    }
    const view: PageViewData = {
      kind: 'page',
      pageName: 'faq',
      layout: fallbackLayout,
      page: makePageAnswer('faq', { title: 'Questions' }),
      Screen: CountingScreen,
      errors: [],
      queryClient: createQueryClient(),
    };
    const navigator = createTestNavigator('/eng/faq');
    const userCheck = startUserCheck();
    const shown = (loading: boolean) => (
      <CommonStateProvider userCheck={userCheck}>
        <TestRouter navigator={navigator}>
          <PageView view={view} loading={loading} />
        </TestRouter>
      </CommonStateProvider>
    );
    const { rerender } = render(shown(false));
    const rendersShown = screenRenders;
    expect(screen.getByRole('heading', { name: 'Questions' })).toBeTruthy();

    rerender(shown(true));
    expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('true');
    expect(screenRenders).toBe(rendersShown);

    rerender(shown(false));
    expect(screenRenders).toBe(rendersShown);
  });
});
