import type { SessionAnswer } from '@club/contract/membership';
import { httpClient, type FormValues } from '../../../lib/http-client';

/**
 * Registration (spec 1 §7): `POST /s2c/auth/v1/agents` with the form values,
 * the country, the language and the address built from the office's zip and
 * address. The answer's token is null while the email awaits confirmation.
 */
export function postRegistration(values: FormValues): Promise<SessionAnswer> {
  return httpClient.post<SessionAnswer>('/s2c/auth/v1/agents', { body: values });
}
