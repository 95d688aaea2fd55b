import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OfficeStateChange } from '@club/contract/staff-offices';
import { AgencyLinkMaker } from './agency-link-maker';
import { changeSource, changeText } from './office-states';

afterEach(() => vi.unstubAllGlobals());

const change = (values: Partial<OfficeStateChange>): OfficeStateChange => ({
  at: '2030-04-01T09:00:00.000Z',
  by: 'directory',
  previousActive: false,
  active: true,
  previousDirect: false,
  direct: false,
  decisionMaker: null,
  comment: '',
  link: null,
  directoryImport: { id: 3, actor: 'manager@example.com', fileName: 'at.json', source: 'console' },
  ...values,
});

describe("an office's state history in words", () => {
  it('tells what changed', () => {
    expect(changeText(change({}))).toBe('Not taking part → taking part');
    expect(changeText(change({ previousActive: null, previousDirect: null, direct: true }))).toBe(
      'Added to the directory: taking part, direct sales',
    );
    expect(changeText(change({ previousActive: true, active: true, direct: true }))).toBe(
      'turned to direct sales',
    );
  });

  it('tells who changed it: the directory load or the decision maker with which link', () => {
    expect(changeSource(change({}))).toBe(
      'manager@example.com: directory file at.json (uploaded in the console, import 3)',
    );
    expect(
      changeSource(
        change({
          by: 'link',
          directoryImport: null,
          decisionMaker: { firstName: 'Eva', lastName: 'Berger', email: 'eva@example.com' },
          link: {
            purpose: 'opt-in',
            createdAt: '2030-03-30T10:00:00.000Z',
            issuedBy: 'm@example.com',
          },
        }),
      ),
    ).toBe(
      'Eva Berger (eva@example.com), with an opt-in link made by m@example.com on 30 Mar 2030, 10:00 UTC',
    );
    expect(
      changeSource(
        change({
          by: 'link',
          directoryImport: null,
          link: { purpose: 'opt-out', createdAt: '2030-03-30T10:00:00.000Z', issuedBy: null },
        }),
      ),
    ).toBe('the decision maker, with an opt-out link mailed by the club on 30 Mar 2030, 10:00 UTC');
  });
});

describe('making a link for the decision maker', () => {
  it('asks the server for the purpose chosen, shows the link once and copies it', async () => {
    const url = 'http://at.localhost/agency-opt-in?s=abc&c=def';
    const fetchMock = vi.fn((_path: string, _init?: RequestInit) =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            data: {
              officeId: 'VIEAT2101',
              purpose: 'opt-in',
              url,
              expiresAt: '2030-04-15T09:00:00.000Z',
            },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AgencyLinkMaker officeId="VIEAT2101" />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Make an opt-in link' }));
    expect(await screen.findByText(url)).toBeTruthy();
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/s2c/staff/v1/offices/VIEAT2101/agency-links');
    expect(init?.body).toBe('purpose=opt-in');
    await user.click(screen.getByRole('button', { name: 'Copy the link' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByText('Copied.')).toBeTruthy();
  });
});
