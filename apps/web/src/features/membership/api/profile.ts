import type { User } from '@club/contract/membership';
import { httpClient, type FormValues } from '../../../lib/http-client';

/** Profile update (spec 1 §7): `PUT /s2c/auth/v1/agents/{id}` with the profile values; answers the member. */
export function putProfile(userId: number, values: FormValues): Promise<User> {
  return httpClient.put<User>(`/s2c/auth/v1/agents/${userId}`, { body: values });
}
