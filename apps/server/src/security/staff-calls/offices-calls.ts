import { form, type StaffCall } from './staff-call.js';

const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(body),
});

/** The offices area: search, an office's page, decision makers' links, directory uploads. */
export const officesCalls: StaffCall[] = [
  {
    route: 'GET /s2c/staff/v1/offices',
    request: () => ({ method: 'GET', url: '/s2c/staff/v1/offices?query=ath' }),
    allowed: 'staff',
    countryScoped: false,
    moreValues: () => ({ state: 'active', page: '1' }),
  },
  {
    route: 'GET /s2c/staff/v1/offices/:officeId',
    request: (world) => ({ method: 'GET', url: `/s2c/staff/v1/offices/${world.member.officeId}` }),
    allowed: 'staff',
    countryScoped: true,
  },
  {
    route: 'POST /s2c/staff/v1/offices/:officeId/agency-links',
    request: (world) => ({
      method: 'POST',
      url: `/s2c/staff/v1/offices/${world.member.officeId}/agency-links`,
      ...form({ purpose: 'opt-in' }),
    }),
    allowed: 'manager',
    countryScoped: true,
  },
  {
    route: 'POST /s2c/staff/v1/offices/import',
    request: (world) => ({
      method: 'POST',
      url: '/s2c/staff/v1/offices/import',
      ...json({
        fileName: 'gr.json',
        file: JSON.stringify({
          countryCode: 'gr',
          offices: [
            {
              officeId: world.member.officeId,
              agencyName: 'Matrix Travel',
              address: '1 Matrix Street, Athens',
              zip: '10431',
              active: false,
              isAmadeusDirectOffice: true,
            },
          ],
        }),
      }),
    }),
    allowed: 'manager',
    countryScoped: true,
  },
];
