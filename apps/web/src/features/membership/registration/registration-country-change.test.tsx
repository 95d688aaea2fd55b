import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePage, renderMembershipScreen, stubApi } from '../../../testing/membership-test-utils';
import { RegistrationScreen } from './registration-screen';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const page = makePage('registration', {
  countries: [
    { code: 'gr', name: 'Greece', countryRoute: '' },
    { code: 'at', name: 'Austria', countryRoute: '' },
    { code: 'cy', name: 'Cyprus', countryRoute: '/cy' },
  ],
  hasManyCountries: true,
});

describe('registration: a country change (spec 1 §2 "countryChange")', () => {
  it("goes to the other country's host, on registration with countrySelected=1", async () => {
    stubApi();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderMembershipScreen(<RegistrationScreen page={page} />);
    await user.selectOptions(screen.getByLabelText('Country'), 'at');
    await user.click(screen.getByRole('button', { name: 'Select' }));
    expect(assign).toHaveBeenCalledWith('http://at.localhost:3000/registration?countrySelected=1');
  });

  it('goes to the root site under the prefix of a country whose subdomain is disabled', async () => {
    stubApi();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderMembershipScreen(<RegistrationScreen page={page} />);
    await user.selectOptions(screen.getByLabelText('Country'), 'cy');
    await user.click(screen.getByRole('button', { name: 'Select' }));
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/cy/registration?countrySelected=1');
  });
});
