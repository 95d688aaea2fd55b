import { reportNames, reportsOverMonths } from '@club/contract/staff-reports';
import type { StaffCall } from './staff-call.js';

/**
 * The reports, as JSON and as CSV: every role reads them, about `gr` here,
 * so a manager of another country gets 404.
 */
export const reportsCalls: StaffCall[] = reportNames.flatMap((name) =>
  ['', '.csv'].map((suffix): StaffCall => ({
    route: `GET /s2c/staff/v1/reports/${name}${suffix}`,
    request: () => ({ method: 'GET', url: `/s2c/staff/v1/reports/${name}${suffix}?country=gr` }),
    allowed: 'staff',
    countryScoped: true,
    ...((reportsOverMonths as readonly string[]).includes(name)
      ? { moreValues: () => ({ months: '24' }) }
      : {}),
  })),
);
