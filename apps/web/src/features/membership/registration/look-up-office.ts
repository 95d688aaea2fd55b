import { messages } from '@club/contract/validation-rules';
import type { OfficeData } from '@club/contract/membership';
import { isApiError } from '../../../lib/api-error';
import { getOffice } from '../api/offices';

export type OfficeLookup =
  { kind: 'found'; office: OfficeData } | { kind: 'not-found'; message: string };

/**
 * The office lookup of registration: a 404 gives 'Office ID not found' (or
 * the server's message for the field); other failures are thrown.
 */
export async function lookUpOffice(officeId: string, countryCode: string): Promise<OfficeLookup> {
  try {
    return { kind: 'found', office: await getOffice(officeId, countryCode) };
  } catch (error) {
    if (!isApiError(error) || error.status !== 404) throw error;
    const data = error.data as { officeId?: unknown } | null;
    const message = typeof data?.officeId === 'string' ? data.officeId : messages.officeNotFound;
    return { kind: 'not-found', message };
  }
}
