import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffLanguageContent } from '@club/contract/staff-content';
import { MenuSection } from './menu-section';

const country = {
  code: 'at',
  name: 'Austria',
  defaultLanguage: 'deu',
  subDomainDisabled: false,
  languages: [{ code: 'deu', nativeTitle: 'Deutsch', isRtl: false }],
};
const content: StaffLanguageContent = {
  countryCode: 'at',
  languageCode: 'deu',
  isRtl: false,
  menuItems: [
    { pageName: 'faq', title: 'Regeln', audience: 'both' },
    { pageName: 'news', title: 'Neuigkeiten', audience: 'both' },
  ],
  headerAlerts: [],
  headerImages: [],
  dictionary: {},
  texts: {},
  mailTemplates: [],
  pages: {},
  edits: [],
};

function renderMenu(canEdit: boolean) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <MenuSection country={country} content={content} canEdit={canEdit} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the menu section', () => {
  it('checks the items with the contract’s rules before publishing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderMenu(true);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Title of item 2'));
    await user.click(screen.getByRole('button', { name: 'Publish the menu' }));
    expect(await screen.findByText('Enter a title')).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('publishes the reordered menu with who sees each item, and says so', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ data: { version: 7 } }), { status: 200 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderMenu(true);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Who sees item 2'), 'member');
    await user.click(screen.getByRole('button', { name: /Move up.*Neuigkeiten/ }));
    await user.click(screen.getByRole('button', { name: 'Publish the menu' }));
    expect(await screen.findByText('Published. The site shows it within a second.')).toBeDefined();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/s2c/staff/v1/content/at/deu/menu');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({
      items: [
        { pageName: 'news', title: 'Neuigkeiten', audience: 'member' },
        { pageName: 'faq', title: 'Regeln', audience: 'both' },
      ],
    });
  });

  it('is read-only for support: no publish button, fields disabled', () => {
    renderMenu(false);
    expect(screen.queryByRole('button', { name: 'Publish the menu' })).toBeNull();
    // The list's fieldset disables every field in it.
    expect(screen.getByLabelText('Title of item 1').closest('fieldset')?.disabled).toBe(true);
  });
});
