import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/app';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const gift = (id: number, stock: number | null, active = true) => ({
  id,
  countryCode: 'at',
  category: 'travel',
  points: 100,
  stock,
  active,
  image: '',
  link: '',
  position: id,
  texts: { deu: { description: `Geschenk ${id}`, longDescription: '' } },
});

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url === '/s2c/staff/v1/session') {
        return Promise.resolve(
          json({ data: { email: 'm@example.com', role: 'manager', countries: ['at'] } }),
        );
      }
      return Promise.resolve(
        json({
          data: {
            countryCode: 'at',
            languages: ['deu'],
            categories: [],
            // 3 left: low; 5 left: low (at the limit); 6 left; not counted; withdrawn with none left.
            gifts: [gift(1, 3), gift(2, 5), gift(3, 6), gift(4, null), gift(5, 0, false)],
            ordering: { enabled: true, windows: [], reopensOn: null },
          },
        }),
      );
    }),
  );
  sessionStorage.setItem('staff-token', 'stf_token');
}

afterEach(() => vi.unstubAllGlobals());

const rowNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('the gift list', () => {
  it('shows only the active gifts low on stock with ?stock=low, and every gift without', async () => {
    serve();
    window.history.pushState({}, '', '/staff/gifts?country=at&stock=low');
    render(<App />);
    expect(await screen.findByRole('table', { name: 'Gifts low on stock of AT' })).toBeDefined();
    expect(rowNames()).toEqual(['Gift 1', 'Gift 2']);
    const filter = screen.getByRole('checkbox', { name: /Only active gifts low on stock/ });
    expect((filter as HTMLInputElement).checked).toBe(true);
    await userEvent.click(filter);
    expect(await screen.findByRole('table', { name: 'Gifts of AT' })).toBeDefined();
    expect(rowNames()).toEqual(['Gift 1', 'Gift 2', 'Gift 3', 'Gift 4', 'Gift 5']);
    expect(window.location.search).toBe('?country=at');
  });
});
