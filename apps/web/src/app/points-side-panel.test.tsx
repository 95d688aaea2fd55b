// @vitest-environment jsdom
// The FAQ's rich text goes through DOMPurify, which supports jsdom but not happy-dom.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { writeStoredValue } from '../lib/client-storage';
import { makePageAnswer } from '../testing/fake-content-api';
import { FaqScreen } from '../features/content/components/faq-screen';
import { ProfileUpdateScreen } from '../features/membership/profile/profile-update-screen';
import {
  apiData,
  makeStatusReport,
  makeUser,
  renderPointsScreen,
  stubApi,
  type ApiCall,
} from '../features/points/testing/points-test-utils';

afterEach(() => vi.unstubAllGlobals());

const isStatus = (call: ApiCall) => call.path === '/s2c/auth/v1/agent-points';

function pointsApi() {
  return stubApi((call) => {
    if (isStatus(call)) return apiData(makeStatusReport());
    if (call.path === '/s2c/auth/v1/agents/7') return apiData(makeUser());
    return undefined;
  });
}

async function expectPanel() {
  const panel = await screen.findByRole('complementary', { name: 'Your points' });
  await waitFor(() => expect(within(panel).getAllByRole('term')).toHaveLength(3));
  expect(
    within(panel)
      .getAllByRole('term')
      .map((term) => term.textContent),
  ).toEqual(['Available', 'Pending segments', 'Validated segments']);
  expect(
    within(panel)
      .getAllByRole('definition')
      .map((value) => value.textContent),
  ).toEqual(['935', '3', '41']);
  expect(within(panel).getByRole('link', { name: 'See my points' }).getAttribute('href')).toBe(
    '/eng/points',
  );
  return panel;
}

describe('points table side panel (spec 1 §2)', () => {
  it('shows on the FAQ for a member, with their status report', async () => {
    const calls = pointsApi();
    renderPointsScreen(<FaqScreen page={makePageAnswer('faq', { title: 'FAQ' })} />, {
      user: makeUser(),
    });
    await expectPanel();
    expect(calls.find(isStatus)?.query.get('number')).toBe('100200300');
    // Beside the FAQ: the section and the panel share the frame.
    const frame = screen.getByRole('complementary').parentElement;
    expect(frame?.classList.contains('points-panel-frame')).toBe(true);
    expect(frame?.contains(screen.getByRole('heading', { level: 1 }))).toBe(true);
  });

  it('does not show on the FAQ for a guest, and asks for nothing', async () => {
    const calls = pointsApi();
    renderPointsScreen(<FaqScreen page={makePageAnswer('faq', { title: 'FAQ' })} />);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(calls.some(isStatus)).toBe(false);
  });

  it('shows on the profile update page', async () => {
    writeStoredValue('userId', '7');
    writeStoredValue('token', 'tok-1');
    pointsApi();
    renderPointsScreen(
      <ProfileUpdateScreen page={makePageAnswer('profile-update', { title: 'Profile' })} />,
      { user: makeUser() },
    );
    await expectPanel();
  });
});
