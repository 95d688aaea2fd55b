import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EarningRule, Simulation } from '@club/contract/earning-rules';
import { App } from '../../app/app';

const baseHotel: EarningRule = {
  id: 6,
  country: 'at',
  kind: 'base',
  name: 'Base hotel',
  memberNames: {},
  segmentTypes: ['hotel'],
  points: 10,
  multiplier: null,
  from: '1900-01-01',
  to: null,
  basis: 'travel',
  createdBy: 'system (SEGMENT_POINTS_BY_COUNTRY)',
  createdAt: '2026-11-01T08:00:00.000Z',
  endedAt: null,
  endedBy: null,
  earned: true,
};

const campaign: EarningRule = {
  ...baseHotel,
  id: 17,
  kind: 'campaign',
  name: 'Hotel weeks',
  memberNames: { deu: 'Hotelwochen', eng: 'Hotel weeks' },
  points: null,
  multiplier: 2,
  from: '2026-12-01',
  to: '2026-12-31',
  createdBy: 'manager.at@example.com',
  earned: false,
};

const welcome: EarningRule = {
  ...baseHotel,
  id: 18,
  kind: 'welcome',
  name: 'Welcome 2027',
  segmentTypes: [],
  points: 100,
  from: '2027-01-01',
  createdBy: 'manager.at@example.com',
  earned: false,
};

const simulation: Simulation = {
  pnr: 'SIM001',
  country: 'at',
  createdOn: '2026-11-20',
  segments: [
    {
      segmentId: '1',
      kind: 'hotel',
      serviceDate: '2026-12-05',
      status: 'PD',
      points: 20,
      rules: [
        { id: 6, kind: 'base', name: 'Base hotel', points: 10, multiplier: null },
        { id: 17, kind: 'campaign', name: 'Hotel weeks', points: null, multiplier: 2 },
      ],
    },
  ],
  total: 20,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

/** The console's server: a manager of Austria, the rules of `at`, and the changes. */
function serve(role: 'manager' | 'support' = 'manager') {
  const calls: { method: string; url: string; body: string }[] = [];
  let rules = [baseHotel];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? init.body : '';
      calls.push({ method, url, body });
      if (url === '/s2c/staff/v1/session') {
        return Promise.resolve(
          json(200, { data: { email: 'm@example.com', role, countries: ['at'] } }),
        );
      }
      if (url === '/s2c/staff/v1/earning-rules' && method === 'POST') {
        const sent = JSON.parse(body) as { kind: string; memberNames: Record<string, string> };
        if (sent.kind === 'welcome') {
          rules = [...rules, welcome];
          return Promise.resolve(json(201, { data: welcome }));
        }
        if ((sent.memberNames.deu ?? '') === '') {
          return Promise.resolve(
            json(400, {
              code: 'VALIDATION_FAILED',
              data: {
                'memberNames.deu':
                  'A name the member reads is needed in every language of the country',
                requestId: 'r1',
              },
            }),
          );
        }
        rules = [...rules, campaign];
        return Promise.resolve(json(201, { data: campaign }));
      }
      if (url === '/s2c/staff/v1/earning-rules/17/end') {
        const ended = { ...campaign, to: '2026-11-30', endedAt: '2026-11-29T09:00:00.000Z' };
        rules = [baseHotel, { ...ended, endedBy: 'm@example.com' }];
        return Promise.resolve(json(200, { data: ended }));
      }
      if (url === '/s2c/staff/v1/earning-rules/simulate') {
        return Promise.resolve(json(200, { data: simulation }));
      }
      return Promise.resolve(json(200, { data: { items: rules, languages: ['deu', 'eng'] } }));
    }),
  );
  sessionStorage.setItem('staff-token', 'stf_token');
  window.history.pushState({}, '', '/staff/earning-rules?country=at');
  return calls;
}

describe('the earning rules area', () => {
  it('publishes a campaign after its preview, as JSON with a name in each language', async () => {
    const calls = serve();
    const user = userEvent.setup();
    render(<App />);
    const list = await screen.findByRole('table', { name: 'Earning rules of AT' });
    expect(within(list).getByRole('row', { name: /Base hotel/ }).textContent).toContain(
      '10 points',
    );
    const form = screen.getByRole('region', { name: 'New rule in AT' });
    await user.type(
      within(form).getByRole('textbox', { name: 'Name (staff read it)' }),
      'Hotel weeks',
    );
    await user.type(
      within(form).getByRole('textbox', { name: 'Name the member reads in German' }),
      'Hotelwochen',
    );
    await user.type(
      within(form).getByRole('textbox', { name: 'Name the member reads in English' }),
      'Hotel weeks',
    );
    await user.click(within(form).getByRole('checkbox', { name: 'Hotel' }));
    await user.type(within(form).getByRole('textbox', { name: /^Multiplier/ }), '2');
    await user.type(
      within(form).getByRole('textbox', { name: 'First day (YYYY-MM-DD)' }),
      '2026-12-01',
    );
    await user.type(within(form).getByRole('textbox', { name: /^Last day/ }), '2026-12-31');
    expect(within(form).getByRole('region', { name: 'Preview' }).textContent).toContain(
      'A hotel segment on 2026-12-01 earns 20 (now 10): hotel 10 + Hotel weeks ×2',
    );
    await user.click(within(form).getByRole('button', { name: 'Publish the rule' }));
    expect(await screen.findByText('“Hotel weeks” is published.')).toBeTruthy();
    const sent = calls.find((call) => call.method === 'POST')!;
    expect(sent.url).toBe('/s2c/staff/v1/earning-rules');
    expect(JSON.parse(sent.body)).toMatchObject({
      country: 'at',
      kind: 'campaign',
      memberNames: { deu: 'Hotelwochen', eng: 'Hotel weeks' },
      segmentTypes: ['hotel'],
      multiplier: 2,
      points: null,
      from: '2026-12-01',
      to: '2026-12-31',
      basis: 'travel',
    });
  });

  it('publishes a welcome bonus: points once, no segment types, no names per language', async () => {
    const calls = serve();
    const user = userEvent.setup();
    render(<App />);
    const form = await screen.findByRole('region', { name: 'New rule in AT' });
    await user.click(within(form).getByRole('radio', { name: /^Welcome bonus/ }));
    expect(within(form).queryByRole('group', { name: 'Segment types' })).toBeNull();
    expect(within(form).queryByRole('textbox', { name: /^Name the member reads/ })).toBeNull();
    await user.type(
      within(form).getByRole('textbox', { name: 'Name (staff read it)' }),
      'Welcome 2027',
    );
    await user.type(
      within(form).getByRole('textbox', { name: 'Points, once per new member' }),
      '100',
    );
    await user.type(
      within(form).getByRole('textbox', { name: 'First day (YYYY-MM-DD)' }),
      '2027-01-01',
    );
    expect(within(form).getByRole('region', { name: 'Preview' }).textContent).toContain(
      'A member whose account becomes active on 2027-01-01 gets 100 points once, read as “Welcome bonus”.',
    );
    await user.click(within(form).getByRole('button', { name: 'Publish the rule' }));
    expect(await screen.findByText('“Welcome 2027” is published.')).toBeTruthy();
    const sent = calls.find((call) => call.method === 'POST')!;
    expect(JSON.parse(sent.body)).toMatchObject({
      kind: 'welcome',
      segmentTypes: [],
      memberNames: {},
      points: 100,
      multiplier: null,
      from: '2027-01-01',
    });
    const list = screen.getByRole('table', { name: 'Earning rules of AT' });
    const row = await within(list).findByRole('row', { name: /Welcome 2027/ });
    expect(row.textContent).toContain('Welcome bonus');
    expect(row.textContent).toContain('New members');
    expect(row.textContent).toContain('100 points once');
  });

  it('shows the server’s keyed refusal of a missing member-visible name beside its field', async () => {
    const calls = serve();
    const user = userEvent.setup();
    render(<App />);
    const form = await screen.findByRole('region', { name: 'New rule in AT' });
    await user.type(within(form).getByRole('textbox', { name: 'Name (staff read it)' }), 'Cars');
    await user.click(within(form).getByRole('checkbox', { name: 'Car' }));
    await user.click(within(form).getByRole('radio', { name: 'Adds fixed points' }));
    await user.type(within(form).getByRole('textbox', { name: 'Points per segment' }), '50');
    await user.type(
      within(form).getByRole('textbox', { name: 'First day (YYYY-MM-DD)' }),
      '2026-12-01',
    );
    await user.click(within(form).getByRole('button', { name: 'Publish the rule' }));
    // The server refuses it per language; the form says so beside the field.
    const german = within(form).getByRole('textbox', { name: 'Name the member reads in German' });
    expect(
      await within(form).findByText(
        'A name the member reads is needed in every language of the country',
      ),
    ).toBeTruthy();
    expect(german.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(screen.queryByText(/is published/)).toBeNull();
  });

  it('ends a rule after a confirmation', async () => {
    const calls = serve();
    const user = userEvent.setup();
    render(<App />);
    await screen.findByRole('table', { name: 'Earning rules of AT' });
    calls.length = 0;
    await user.click(screen.getByRole('button', { name: 'End “Base hotel”' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'End the rule' }));
    expect(calls.find((call) => call.method === 'POST')?.url).toBe(
      '/s2c/staff/v1/earning-rules/6/end',
    );
  });

  it('simulates a pasted record for support, who sees no form to publish', async () => {
    const calls = serve('support');
    const user = userEvent.setup();
    render(<App />);
    await screen.findByRole('table', { name: 'Earning rules of AT' });
    expect(screen.queryByRole('region', { name: 'New rule in AT' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^End/ })).toBeNull();
    const simulator = screen.getByRole('region', { name: 'Simulator' });
    const box = within(simulator).getByRole('textbox', { name: /^Booking record/ });
    await user.click(box);
    await user.paste('{"pnr":"SIM001"}');
    await user.click(within(simulator).getByRole('button', { name: 'Simulate' }));
    const table = await within(simulator).findByRole('table', {
      name: /SIM001.*would earn 20 points/,
    });
    expect(within(table).getByRole('row', { name: /Hotel/ }).textContent).toContain(
      'hotel 10 + Hotel weeks ×2',
    );
    const sent = calls.find((call) => call.url === '/s2c/staff/v1/earning-rules/simulate')!;
    expect(JSON.parse(sent.body)).toEqual({ record: '{"pnr":"SIM001"}', country: 'at' });

    // Or an imported booking, by its PNR.
    await user.clear(box);
    await user.type(
      within(simulator).getByRole('textbox', { name: 'Or the PNR of an imported booking' }),
      'SIM001',
    );
    await user.click(within(simulator).getByRole('button', { name: 'Simulate' }));
    const sentPnr = calls.filter((call) => call.url === '/s2c/staff/v1/earning-rules/simulate')[1]!;
    expect(JSON.parse(sentPnr.body)).toEqual({ pnr: 'SIM001' });
  });
});
