import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffLanguageContent } from '@club/contract/staff-content';
import { AlertsSection } from './alerts-section';

const country = {
  code: 'at',
  name: 'Austria',
  defaultLanguage: 'deu',
  subDomainDisabled: false,
  languages: [
    { code: 'deu', nativeTitle: 'Deutsch', isRtl: false },
    { code: 'eng', nativeTitle: 'English', isRtl: false },
  ],
};
const contentOf = (languageCode: string, text: string): StaffLanguageContent => ({
  countryCode: 'at',
  languageCode,
  isRtl: false,
  menuItems: [],
  headerAlerts: [{ hash: 'at-maintenance', type: 'warning', text }],
  headerImages: [],
  dictionary: {},
  texts: {},
  mailTemplates: [],
  pages: {},
  edits: [],
});

afterEach(() => vi.unstubAllGlobals());

describe('the alerts section', () => {
  it('asks before taking an alert down, and keeps its text in the form', async () => {
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') {
        return Promise.resolve(
          new Response(JSON.stringify({ data: { version: 8 } }), { status: 200 }),
        );
      }
      const text = url.includes('/deu') ? 'Wartung am Sonntag' : 'Maintenance on Sunday';
      return Promise.resolve(
        new Response(
          JSON.stringify({ data: contentOf(url.includes('/deu') ? 'deu' : 'eng', text) }),
          {
            status: 200,
          },
        ),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AlertsSection
          country={country}
          content={contentOf('deu', 'Wartung am Sonntag')}
          canEdit={true}
        />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const takeDown = await screen.findByRole('button', { name: 'Take down alert at-maintenance' });
    const deleted = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');

    await user.click(takeDown);
    const dialog = await screen.findByRole('dialog', { name: 'Take down alert at-maintenance?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted()).toHaveLength(0);

    await user.click(takeDown);
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Take down alert at-maintenance?' }),
      ).getByRole('button', { name: 'Take down' }),
    );
    expect(
      await screen.findByText(
        'Alert at-maintenance is taken down. Its text is kept in the form below, to publish again.',
      ),
    ).toBeDefined();
    expect(deleted()[0]![0]).toBe('/s2c/staff/v1/content/at/alerts/at-maintenance');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Text in German (Deutsch), HTML').value).toBe(
      'Wartung am Sonntag',
    );
    expect(screen.getByLabelText<HTMLTextAreaElement>('Text in English, HTML').value).toBe(
      'Maintenance on Sunday',
    );
    expect(screen.getByLabelText<HTMLInputElement>(/^Id/).value).toBe('at-maintenance');
  });

  it('publishes the window in UTC, and lists when each alert shows', async () => {
    const hour = 3_600_000;
    const later = new Date(Date.now() + 2 * hour).toISOString().slice(0, 14) + '00:00.000Z';
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        return Promise.resolve(
          new Response(JSON.stringify({ data: { version: 9 } }), { status: 200 }),
        );
      }
      const content = contentOf(url.includes('/deu') ? 'deu' : 'eng', 'Wartung');
      content.headerAlerts = [
        { hash: 'at-maintenance', type: 'warning', text: 'Wartung', startsAt: later },
        {
          hash: 'at-past',
          type: 'info',
          text: 'Vorbei',
          endsAt: '2020-01-01T00:00:00.000Z',
        },
      ];
      return Promise.resolve(new Response(JSON.stringify({ data: content }), { status: 200 }));
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AlertsSection country={country} content={contentOf('deu', 'Wartung')} canEdit={true} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const scheduled = await screen.findByRole('row', { name: /at-maintenance/ });
    expect(within(scheduled).getByText(/^Starts \d+ \w+ \d{4}, \d\d:00 UTC$/)).toBeDefined();
    expect(
      within(screen.getByRole('row', { name: /at-past/ })).getByText('Ended 1 Jan 2020, 00:00 UTC'),
    ).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Edit alert at-maintenance' }));
    expect(screen.getByLabelText<HTMLInputElement>('Starts (UTC)').value).toBe(later.slice(0, 16));
    await user.type(screen.getByLabelText('Ends (UTC)'), '2020-01-01T00:00');
    await user.click(screen.getByRole('button', { name: 'Publish in every language' }));
    // Checked by the contract's rule before any call: the end comes after the start.
    expect(await screen.findByText('The end comes after the start')).toBeDefined();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.clear(screen.getByLabelText('Ends (UTC)'));
    await user.type(screen.getByLabelText('Ends (UTC)'), '2199-01-01T10:30');
    await user.click(screen.getByRole('button', { name: 'Publish in every language' }));
    await screen.findByText('Published. The site shows it within a second.');
    const posted = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(posted[1]!.body as string)).toMatchObject({
      hash: 'at-maintenance',
      startsAt: `${later.slice(0, 16)}:00Z`,
      endsAt: '2199-01-01T10:30:00Z',
    });
  });
});
