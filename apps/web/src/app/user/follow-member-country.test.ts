import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppConfigForTests } from '../../lib/app-config';
import { httpClient } from '../../lib/http-client';
import { followMemberCountry, resetFollowMemberCountry } from './follow-member-country';

beforeEach(() => {
  setAppConfigForTests({ rootDomain: 'localhost', tokenStorage: 'local' });
  resetFollowMemberCountry();
});

afterEach(() => vi.restoreAllMocks());

describe('following the member to their country (spec 1 §4)', () => {
  it('follows once per page: a second follow while the first waits goes nowhere', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    let answer: (value: unknown) => void = () => undefined;
    const post = vi
      .spyOn(httpClient, 'post')
      .mockImplementation((path: string) =>
        path.endsWith('/handover-code')
          ? new Promise((resolve) => (answer = resolve))
          : Promise.resolve(null),
      );
    const first = followMemberCountry('at', '/');
    // The route changes (login → home) while the code is on its way.
    const second = followMemberCountry('at', '/faq');
    answer({ code: 'code-1', countryCode: 'at', countryRoute: '' });
    await Promise.all([first, second]);
    expect(post.mock.calls.filter(([path]) => path.endsWith('/handover-code'))).toHaveLength(1);
    expect(assign.mock.calls).toEqual([['http://at.localhost:3000/?handover=code-1']]);
  });
});
