import type { OfficeData } from '@club/contract/membership';
import { httpClient } from '../../../lib/http-client';

const officePath = (officeId: string, countryCode: string) =>
  `/s2c/auth/v1/offices/${encodeURIComponent(officeId.trim())}/${encodeURIComponent(countryCode)}`;

/** Office lookup (spec 1 §7): `GET /s2c/auth/v1/offices/{id}/{countryCode}`; 404 for an unknown office. */
export function getOffice(officeId: string, countryCode: string): Promise<OfficeData> {
  return httpClient.get<OfficeData>(officePath(officeId, countryCode));
}

/**
 * Decision-maker enrol (spec 1 §7): `POST …/enroll/push` with an empty body,
 * the office id upper-cased; the server emails the agency's decision maker.
 */
export function requestEnrollment(officeId: string, countryCode: string): Promise<unknown> {
  return httpClient.post(`${officePath(officeId.toUpperCase(), countryCode)}/enroll/push`);
}

/** Decision-maker notify: `POST …/enroll/notify` with the email to tell once the office is active. */
export function notifyWhenEnrolled(
  officeId: string,
  countryCode: string,
  email: string,
  languageCode: string,
): Promise<unknown> {
  return httpClient.post(`${officePath(officeId.toUpperCase(), countryCode)}/enroll/notify`, {
    body: { email, languageCode },
  });
}
