import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { StatusReport } from '@club/contract/points';
import type { TaxDetails } from '@club/contract/tax-details';
import { makePageAnswer } from '../../../testing/fake-content-api';
import { makeClientLayout } from '../../../testing/render-screen';
import {
  apiData,
  makeForecast,
  makeStatusReport,
  makeUser,
  renderPointsScreen,
  stubApi,
} from '../testing/points-test-utils';
import { MemberHome } from './member-home';

afterEach(() => vi.unstubAllGlobals());

const details = (overrides: Partial<TaxDetails>): TaxDetails => ({
  state: 'none',
  fields: [],
  values: {},
  reason: null,
  sentAt: null,
  decidedAt: null,
  ...overrides,
});

function renderHome(tax: TaxDetails, report: StatusReport = makeStatusReport()) {
  stubApi((call) => {
    if (call.path === '/s2c/auth/v1/agent-points') return apiData(report);
    if (call.path === '/s2c/auth/v1/agent-points/forecast') return apiData(makeForecast());
    if (call.path === '/s2c/auth/v1/tax-details') return apiData(tax);
    return undefined;
  });
  return renderPointsScreen(<MemberHome page={makePageAnswer('home')} />, {
    user: makeUser(),
    layout: makeClientLayout(),
  });
}

describe('member home: where the tax details stand (issue 30, key moment 7)', () => {
  it('nothing sent: asks for them, with a link to the form on the gift list', async () => {
    renderHome(details({ state: 'none' }));
    expect(await screen.findByText(/Send us your tax details to unlock ordering\./)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Send your tax details' });
    expect(link.getAttribute('href')).toBe('/eng/gifts#tax-details');
  });

  it('sent: being checked, nothing to do', async () => {
    renderHome(details({ state: 'sent' }));
    expect(
      await screen.findByText('Tax details sent — being checked. This takes a few days.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Send your tax details' })).toBeNull();
  });

  it('refused: the reason and a way to send them again', async () => {
    renderHome(details({ state: 'refused', reason: 'The tax office is missing' }));
    expect(
      await screen.findByText(/We could not accept your tax details: The tax office is missing/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send them again' }).getAttribute('href')).toBe(
      '/eng/gifts#tax-details',
    );
  });

  it('confirmed: ready to order, unless the ordering dates close it (then when it reopens)', async () => {
    renderHome(details({ state: 'confirmed' }));
    expect(
      await screen.findByText('Your tax details are confirmed: you are ready to order.'),
    ).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('a member with no points yet is asked for them too, on "how to start"', async () => {
    renderHome(
      details({ state: 'none' }),
      makeStatusReport({
        accumulated: 0,
        totalSegments: 0,
        totalSegmentsPD: 0,
        totalSegmentsOk: 0,
        available: 0,
      }),
    );
    expect(await screen.findByText('How to start earning points')).toBeTruthy();
    expect(
      (await screen.findByRole('link', { name: 'Send your tax details' })).getAttribute('href'),
    ).toBe('/eng/gifts#tax-details');
  });

  it('confirmed while ordering is closed: says when it reopens instead', async () => {
    renderHome(
      details({ state: 'confirmed' }),
      makeStatusReport({ orderingClosed: true, orderingReopensOn: '2030-12-01' }),
    );
    expect(await screen.findByText(/Gift ordering is closed at the moment\./)).toBeTruthy();
    expect(screen.queryByText(/ready to order/)).toBeNull();
  });
});
