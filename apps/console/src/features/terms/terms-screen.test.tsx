import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Staff } from '@club/contract/staff';
import type { CountryTerms } from '@club/contract/staff-member-actions';
import { App } from '../../app/app';

const austria: CountryTerms = {
  countryCode: 'at',
  name: 'Austria',
  termsVersion: '1',
  changedAt: null,
  changedBy: null,
  reason: null,
};

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function openTerms(staff: Staff) {
  const posts: { url: string; body: URLSearchParams }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url === '/s2c/staff/v1/session') return Promise.resolve(answer(200, { data: staff }));
      if (url === '/s2c/staff/v1/terms') return Promise.resolve(answer(200, { data: [austria] }));
      const body = new URLSearchParams(init?.body as string);
      posts.push({ url, body });
      return Promise.resolve(
        answer(200, {
          data: {
            ...austria,
            termsVersion: body.get('version'),
            changedAt: '2026-03-02T09:00:00.000Z',
            changedBy: staff.email,
            reason: body.get('reason'),
          },
        }),
      );
    }),
  );
  sessionStorage.setItem('staff-token', 'stf_token');
  window.history.pushState({}, '', '/staff/terms');
  render(<App />);
  return posts;
}

afterEach(() => vi.unstubAllGlobals());

describe('the terms area', () => {
  it("requires the country's terms again with a new version and a reason", async () => {
    const posts = openTerms({
      email: 'manager.at@example.com',
      role: 'manager',
      countries: ['at'],
    });
    const table = await screen.findByRole(
      'table',
      { name: 'Terms version per country' },
      { timeout: 5000 },
    );
    expect(within(table).getByRole('rowheader', { name: 'Austria (AT)' })).toBeDefined();
    expect(within(table).getByText('The content files')).toBeDefined();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Require the terms again in Austria' }));
    const dialog = screen.getByRole('dialog', { name: 'Require the terms again: Austria' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('New terms version').value).toBe('2');
    await user.click(within(dialog).getByRole('button', { name: 'Require the terms again' }));
    expect(await within(dialog).findByText('Give a reason')).toBeDefined();
    expect(posts).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), 'New privacy clause');
    await user.click(within(dialog).getByRole('button', { name: 'Require the terms again' }));
    expect(await screen.findByText(/Austria now publishes terms version 2/)).toBeDefined();
    expect(posts[0]?.url).toBe('/s2c/staff/v1/terms/at');
    expect(posts[0]?.body.get('reason')).toBe('New privacy clause');
    expect(within(table).getByText(/manager\.at@example\.com/)).toBeDefined();
  });

  it('shows support the versions without the form', async () => {
    openTerms({ email: 'support@example.com', role: 'support', countries: ['at'] });
    await screen.findByRole('table', { name: 'Terms version per country' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /Require the terms again/ })).toBeNull();
  });
});
