import { describe, expect, it } from 'vitest';
import { AgencyOptInScreen } from '../features/agency/agency-form-screen';
import { AgencySuccessfullyOptOutScreen } from '../features/agency/agency-success-screens';
import { screenFor } from './page-registry';

describe('agency pages in the page registry', () => {
  it('registers the four pages; the success pages are built locally', async () => {
    for (const name of ['agency-opt-in', 'agency-opt-out'])
      expect(screenFor(name)).toMatchObject({ pageName: name, entry: { fromServer: true } });
    for (const name of ['agency-successfully-opt-in', 'agency-successfully-opt-out'])
      expect(screenFor(name)).toMatchObject({ pageName: name, entry: { fromServer: false } });
    expect(screenFor('login').entry.fromServer).toBe(false);
    expect(screenFor('points').entry.fromServer).toBe(true);
    expect(await screenFor('agency-opt-in').entry.load()).toBe(AgencyOptInScreen);
    expect(await screenFor('agency-successfully-opt-out').entry.load()).toBe(
      AgencySuccessfullyOptOutScreen,
    );
  });
});
