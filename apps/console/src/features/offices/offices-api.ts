import { queryOptions } from '@tanstack/react-query';
import type {
  AgencyLinkAnswer,
  OfficeDetail,
  OfficeImportReport,
  OfficeSearchPage,
} from '@club/contract/staff-offices';
import { queryString, staffCall } from '../../lib/staff-api';

/** The offices area's calls (`/s2c/staff/v1/offices…`). */

export type OfficeSearch = { query: string; state: string; page: number };

export const officeSearchQuery = (search: OfficeSearch) =>
  queryOptions({
    queryKey: ['offices', 'search', search],
    queryFn: ({ signal }) =>
      staffCall<OfficeSearchPage>(
        'GET',
        `/s2c/staff/v1/offices${queryString({
          query: search.query || undefined,
          state: search.state || undefined,
          page: search.page > 1 ? search.page : undefined,
        })}`,
        undefined,
        { signal },
      ),
  });

export const officeQuery = (officeId: string) =>
  queryOptions({
    queryKey: ['offices', 'office', officeId],
    queryFn: ({ signal }) =>
      staffCall<OfficeDetail>(
        'GET',
        `/s2c/staff/v1/offices/${encodeURIComponent(officeId)}`,
        undefined,
        { signal },
      ),
  });

export const makeAgencyLink = (officeId: string, purpose: 'opt-in' | 'opt-out') =>
  staffCall<AgencyLinkAnswer>(
    'POST',
    `/s2c/staff/v1/offices/${encodeURIComponent(officeId)}/agency-links`,
    { purpose },
  );

export const importOfficeDirectory = (file: string, fileName: string) =>
  staffCall<OfficeImportReport>(
    'POST',
    '/s2c/staff/v1/offices/import',
    { file, fileName },
    { json: true },
  );
