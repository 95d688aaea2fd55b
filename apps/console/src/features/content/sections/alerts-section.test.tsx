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
});
