import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffLanguageContent } from '@club/contract/staff-content';
import { MailSection } from './mail-section';

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
  menuItems: [],
  headerAlerts: [],
  headerImages: [],
  dictionary: {},
  texts: {},
  mailTemplates: [
    {
      template: 'confirm-email',
      subject: 'Bitte bestätigen',
      text: 'Öffnen Sie {{link}}.',
      html: '<p><a href="{{link}}">Bestätigen</a></p>',
      placeholders: ['link', 'number', 'firstName'],
      links: ['link'],
    },
  ],
  pages: {},
  edits: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('the mail template editor', () => {
  it('says what the server removed from the HTML when it published the template', async () => {
    const removed = [
      '<script> and its content',
      'a link to https://evil.example/ (its text is kept)',
    ];
    const fetchMock = vi.fn((_url: string, init?: RequestInit) =>
      Promise.resolve(
        new Response(
          JSON.stringify(
            init?.method === 'PUT' ? { data: { version: 8, removed } } : { data: content },
          ),
          { status: 200 },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MailSection country={country} content={content} canEdit />
      </QueryClientProvider>,
    );
    const html =
      '<p><a href="{{link}}">Bestätigen</a><a href="https://evil.example/">hier</a></p><script>x</script>';
    fireEvent.change(screen.getByLabelText('HTML'), { target: { value: html } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Publish the mail' }));
    expect(await screen.findByText('Removed from the HTML before it was published:')).toBeDefined();
    for (const item of removed) expect(screen.getByText(item)).toBeDefined();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/s2c/staff/v1/content/at/deu/mail-templates/confirm-email');
    expect(JSON.parse(init.body as string)).toMatchObject({ html });
  });

  it('says nothing of removals when nothing was removed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ data: { version: 9, removed: [] } }), { status: 200 }),
        ),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MailSection country={country} content={content} canEdit />
      </QueryClientProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Publish the mail' }));
    expect(await screen.findByText('Published. The site shows it within a second.')).toBeDefined();
    expect(screen.queryByText('Removed from the HTML before it was published:')).toBeNull();
  });

  it('sends a test mail of the template as typed, unsaved, and lands a refusal on its field', async () => {
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      const body = JSON.parse(init?.body as string) as { html: string };
      if (!body.html.includes('{{link}}')) {
        return Promise.resolve(
          new Response(
            JSON.stringify({
              code: 'VALIDATION_FAILED',
              data: { html: 'The HTML must link {{link}}: <a href="{{link}}">…</a>' },
            }),
            { status: 400 },
          ),
        );
      }
      return Promise.resolve(
        new Response(JSON.stringify({ data: { sentTo: 'manager@example.com', removed: [] } }), {
          status: 200,
        }),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MailSection country={country} content={content} canEdit />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Neu: bestätigen' } });
    await user.click(screen.getByRole('button', { name: 'Send me a test mail' }));
    expect(
      await screen.findByText(
        'A test mail of this template as typed, with sample values, is on its way to manager@example.com.',
      ),
    ).toBeDefined();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/s2c/staff/v1/content/at/deu/mail-templates/confirm-email/test-mail');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toMatchObject({ subject: 'Neu: bestätigen' });
    // The form keeps what was typed: a test publishes nothing.
    expect(screen.getByLabelText<HTMLInputElement>('Subject').value).toBe('Neu: bestätigen');

    fireEvent.change(screen.getByLabelText('HTML'), { target: { value: '<p>Ohne Link</p>' } });
    await user.click(screen.getByRole('button', { name: 'Send me a test mail' }));
    expect(
      await screen.findByText('The HTML must link {{link}}: <a href="{{link}}">…</a>'),
    ).toBeDefined();
  });
});
