import type { LoginWire, SessionAnswer } from '@club/contract/membership';
import { httpClient } from '../../../lib/http-client';

/** `POST /s2c/auth/v1/token/agent` (spec 1 §7): the member number is sent as `username`. */
export function postLogin(values: LoginWire): Promise<SessionAnswer> {
  return httpClient.post<SessionAnswer>('/s2c/auth/v1/token/agent', { body: values });
}
