import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Staff } from '@club/contract/staff';
import type { StaffGiftCategoryList } from '@club/contract/staff-gift-categories';
import { App } from '../../../app/app';

const austria: StaffGiftCategoryList = {
  countryCode: 'at',
  languages: [
    { code: 'deu', name: 'Deutsch', shortCode: 'de', isRtl: false },
    { code: 'eng', name: 'English', shortCode: 'en', isRtl: false },
  ],
  categories: [
    { id: 'travel', names: { deu: 'Reisen', eng: 'Travel' }, gifts: 4, editedAt: null },
    { id: 'empty', names: { deu: 'Leer', eng: 'Empty' }, gifts: 0, editedAt: null },
  ],
};

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Sent = { method: string; url: string; body: URLSearchParams };

function openCategories(staff: Staff, refuse?: { status: number; data: unknown }) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url === '/s2c/staff/v1/session') return Promise.resolve(answer(200, { data: staff }));
      const method = init?.method ?? 'GET';
      if (method === 'GET') return Promise.resolve(answer(200, { data: austria }));
      sent.push({ method, url, body: new URLSearchParams(init?.body as string) });
      if (refuse) return Promise.resolve(answer(refuse.status, { code: 'X', data: refuse.data }));
      return Promise.resolve(answer(200, { data: austria }));
    }),
  );
  sessionStorage.setItem('staff-token', 'stf_token');
  window.history.pushState({}, '', '/staff/gifts/categories?country=at');
  render(<App />);
  return sent;
}

const manager: Staff = { email: 'manager.at@example.com', role: 'manager', countries: ['at'] };

afterEach(() => vi.unstubAllGlobals());

describe('the gift categories section', () => {
  it('shows names per language and gift counts; a used category cannot be deleted, and says why', async () => {
    openCategories(manager);
    const table = await screen.findByRole(
      'table',
      { name: /Gift categories of AT/ },
      { timeout: 5000 },
    );
    expect(within(table).getByRole('columnheader', { name: 'Deutsch' })).toBeDefined();
    const travel = within(table).getByRole('row', { name: /travel/ });
    expect(within(travel).getByText('4 gifts')).toBeDefined();
    const remove = within(travel).getByRole<HTMLButtonElement>('button', { name: 'Delete travel' });
    expect(remove.disabled).toBe(true);
    expect(remove.getAttribute('aria-describedby')).toBe('category-in-use-travel');
    expect(within(travel).getByText('Cannot be deleted: 4 gifts in it')).toBeDefined();
  });

  it('creates a category: a required name in every language, labelled with the language', async () => {
    const sent = openCategories(manager);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Id', {}, { timeout: 5000 }), 'bags');
    await user.type(screen.getByLabelText('Name in Deutsch'), 'Taschen');
    await user.click(screen.getByRole('button', { name: 'Create the category' }));
    expect(await screen.findByText('Enter the name')).toBeDefined();
    expect(screen.getByLabelText('Name in English').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Name in English'), 'Bags');
    await user.click(screen.getByRole('button', { name: 'Create the category' }));
    expect(await screen.findByText(/The category bags is created/)).toBeDefined();
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toBe('/s2c/staff/v1/gift-categories/at');
    expect(Object.fromEntries(sent[0]!.body)).toEqual({
      id: 'bags',
      'names[deu]': 'Taschen',
      'names[eng]': 'Bags',
    });
  });

  it('shows the server’s refusal on its field', async () => {
    openCategories(manager, {
      status: 400,
      data: { id: 'The country has a category with this id' },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Id', {}, { timeout: 5000 }), 'travel');
    await user.type(screen.getByLabelText('Name in Deutsch'), 'Reisen');
    await user.type(screen.getByLabelText('Name in English'), 'Travel');
    await user.click(screen.getByRole('button', { name: 'Create the category' }));
    expect(await screen.findByText('The country has a category with this id')).toBeDefined();
    expect(screen.getByLabelText('Id').getAttribute('aria-invalid')).toBe('true');
  });

  it('renames in a dialog and deletes an unused category after a confirmation', async () => {
    const sent = openCategories(manager);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Rename empty' }, { timeout: 5000 }),
    );
    const rename = screen.getByRole('dialog', { name: 'Rename the category empty' });
    const german = within(rename).getByLabelText<HTMLInputElement>('Name in Deutsch');
    expect(german.value).toBe('Leer');
    await user.clear(german);
    await user.type(german, 'Noch leer');
    await user.click(within(rename).getByRole('button', { name: 'Save the names' }));
    expect(await screen.findByText(/The category empty is renamed/)).toBeDefined();
    expect(sent[0]).toMatchObject({ method: 'PUT', url: '/s2c/staff/v1/gift-categories/at/empty' });
    expect(sent[0]?.body.get('names[deu]')).toBe('Noch leer');

    await user.click(screen.getByRole('button', { name: 'Delete empty' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete the category empty?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete the category' }));
    expect(await screen.findByText(/The category empty is deleted/)).toBeDefined();
    expect(sent[1]).toMatchObject({
      method: 'DELETE',
      url: '/s2c/staff/v1/gift-categories/at/empty',
    });
  });

  it('lets support read the categories without the forms', async () => {
    openCategories({ email: 'support.at@example.com', role: 'support', countries: ['at'] });
    await screen.findByRole('table', { name: /Gift categories of AT/ }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /Rename|Delete|Create/ })).toBeNull();
    expect(screen.queryByLabelText('Id')).toBeNull();
  });
});
