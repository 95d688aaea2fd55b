import type { StaffCall } from './staff-call.js';

/**
 * The bookings area: uploads and the import history. An upload is scoped
 * line by line (a manager's line of another country is refused in the
 * answer, bookings-staff.test.ts), so the matrix checks its role.
 */
export const bookingsCalls: StaffCall[] = [
  {
    route: 'POST /s2c/staff/v1/bookings/imports',
    request: (world) => ({
      method: 'POST',
      url: '/s2c/staff/v1/bookings/imports?fileName=matrix.jsonl',
      headers: { 'content-type': 'application/x-ndjson' },
      payload: `${JSON.stringify({
        pnr: 'MATRX1',
        officeId: world.member.officeId,
        createdOn: '2030-01-02',
        remarks: [`RM*AMA ${world.member.number}`],
        segments: [{ id: '1', kind: 'air', status: 'HK', serviceDate: '2030-01-10', used: true }],
      })}\n`,
    }),
    allowed: 'manager',
    countryScoped: false,
  },
  {
    route: 'GET /s2c/staff/v1/bookings/imports',
    request: () => ({ method: 'GET', url: '/s2c/staff/v1/bookings/imports' }),
    allowed: 'staff',
    countryScoped: false,
    moreValues: () => ({ page: '1' }),
  },
  {
    route: 'GET /s2c/staff/v1/bookings/imports/:id',
    request: () => ({ method: 'GET', url: '/s2c/staff/v1/bookings/imports/1' }),
    allowed: 'staff',
    countryScoped: false,
  },
];
