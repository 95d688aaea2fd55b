/**
 * When a club server process counts as ready to take traffic. The one place
 * to change when the server gets a readiness call of its own (`GET /readyz`:
 * database, migrations and workers ready): until then, a served layout means
 * the database answers, migrations ran and the content is loaded.
 */
import type { HttpClient } from '../faults/support.ts';

export const readinessPath = '/s2c/content/v1/layout/?countryCode=gr&languageCode=eng';

export async function isReady(http: HttpClient): Promise<boolean> {
  const answer = await http.call(readinessPath, { timeoutMs: 2000 });
  return answer.status === 200;
}
