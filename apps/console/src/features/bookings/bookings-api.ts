import { queryOptions } from '@tanstack/react-query';
import {
  bookingsUploadContentType,
  type BookingImportDetail,
  type BookingImportPage,
} from '@club/contract/staff-bookings';
import {
  queryString,
  sessionEndedEvent,
  StaffApiError,
  staffCall,
  staffToken,
} from '../../lib/staff-api';

/** The bookings area's calls (`/s2c/staff/v1/bookings/imports…`). */

export const importHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: ['bookings', 'imports', page],
    queryFn: ({ signal }) =>
      staffCall<BookingImportPage>(
        'GET',
        `/s2c/staff/v1/bookings/imports${queryString({ page: page > 1 ? page : undefined })}`,
        undefined,
        { signal },
      ),
  });

export const importQuery = (id: string) =>
  queryOptions({
    queryKey: ['bookings', 'import', id],
    queryFn: ({ signal }) =>
      staffCall<BookingImportDetail>(
        'GET',
        `/s2c/staff/v1/bookings/imports/${encodeURIComponent(id)}`,
        undefined,
        { signal },
      ),
  });

export type UploadProgress = { loaded: number; total: number };

function xsrfToken(): string | undefined {
  for (const pair of document.cookie.split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === 'XSRF-TOKEN') return value.join('=');
  }
  return undefined;
}

/**
 * Uploads a booking-queue file with XMLHttpRequest, whose upload events tell
 * how much was sent (`fetch` cannot): `onProgress` gets them, and the answer
 * is the import as recorded in the history.
 */
export function uploadBookings(
  file: Blob,
  fileName: string,
  onProgress: (progress: UploadProgress) => void,
): Promise<BookingImportDetail> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/s2c/staff/v1/bookings/imports${queryString({ fileName })}`);
    request.setRequestHeader('content-type', bookingsUploadContentType);
    request.setRequestHeader('accept', 'application/json');
    const token = staffToken.get();
    if (token !== null) request.setRequestHeader('authorization', `Bearer ${token}`);
    const xsrf = xsrfToken();
    if (xsrf !== undefined) request.setRequestHeader('x-xsrf-token', xsrf);
    request.upload.addEventListener('progress', (event) => {
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    });
    request.upload.addEventListener('load', () =>
      onProgress({ loaded: file.size, total: file.size }),
    );
    request.addEventListener('load', () => {
      let answer: { data?: unknown; code?: string } | null;
      try {
        answer = JSON.parse(request.responseText) as { data?: unknown; code?: string };
      } catch {
        answer = null;
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(answer?.data as BookingImportDetail);
        return;
      }
      if (request.status === 401) {
        staffToken.clear();
        window.dispatchEvent(new Event(sessionEndedEvent));
      }
      reject(new StaffApiError(request.status, answer?.code, answer?.data));
    });
    request.addEventListener('error', () => reject(new StaffApiError(0, undefined, null)));
    request.send(file);
  });
}
