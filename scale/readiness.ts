/**
 * When a club server process counts as ready to take traffic: its own
 * readiness call answers 200 (the database answers, the migrations ran and
 * the background jobs run), as a load balancer's health check would ask.
 */
import type { HttpClient } from '../faults/support.ts';

export const readinessPath = '/readyz';

export async function isReady(http: HttpClient): Promise<boolean> {
  const answer = await http.call(readinessPath, { timeoutMs: 2000 });
  return answer.status === 200;
}
