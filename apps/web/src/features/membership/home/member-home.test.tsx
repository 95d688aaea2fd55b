import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { makePageAnswer } from '../../../testing/fake-content-api';
import { makeUser, renderMembershipScreen, stubApi } from '../testing/membership-test-utils';
import { MemberHome } from './member-home';

afterEach(() => vi.unstubAllGlobals());

describe('member home placeholder', () => {
  it('welcomes the member by first name', async () => {
    stubApi();
    renderMembershipScreen(<MemberHome page={makePageAnswer('home')} />, { user: makeUser() });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Welcome, Eleni!');
  });
});
