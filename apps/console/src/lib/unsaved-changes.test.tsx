import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app/app';

/**
 * Leaving a form with unsaved changes asks first: the console on its data
 * router, signed in as an admin on the Staff area's add form; a link to
 * another area is held until the staff member chooses.
 */

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url === '/s2c/staff/v1/session') {
        return Promise.resolve(
          answer(200, { data: { email: 'admin@example.com', role: 'admin', countries: [] } }),
        );
      }
      if (url === '/s2c/staff/v1/staff')
        return Promise.resolve(answer(200, { data: { items: [] } }));
      return Promise.resolve(answer(404, { code: 'NOT_FOUND', data: null }));
    }),
  );
  sessionStorage.setItem('staff-token', 'stf_admin');
  window.history.pushState({}, '', '/staff/staff');
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
});

describe('unsaved changes', () => {
  it('leaves a form that holds no changes without asking', async () => {
    serve();
    render(<App />);
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Staff' });
    await user.click(
      within(screen.getByRole('navigation', { name: 'Console' })).getByRole('link', {
        name: 'Overview',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeDefined();
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });

  it('asks before leaving a form with changes: stay keeps them, leave goes', async () => {
    serve();
    render(<App />);
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Staff' });
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    const overview = () =>
      within(screen.getByRole('navigation', { name: 'Console' })).getByRole('link', {
        name: 'Overview',
      });

    // The browser asks too when the tab closes or reloads.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await user.click(overview());
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Staff' })).toBeDefined();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('new@example.com');
    expect(window.location.pathname).toBe('/staff/staff');

    await user.click(overview());
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole(
        'button',
        { name: 'Leave without saving' },
      ),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeDefined();
    expect(window.location.pathname).toMatch(/^\/staff\/?$/);
    // Gone with the form: the tab closes without a question.
    const later = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });
});
