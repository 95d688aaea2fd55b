import { AgencySchema, StateChangeAnswerSchema, type Agency } from '@club/contract/agency';
import { httpClient, type FormValues } from '../../lib/http-client';
import { readPageFormAnswer, type PageFormAnswer } from '../../shared/forms/page-form';
import { validationMessagesOf } from '../../shared/forms/field-messages';

const statePath = '/s2c/auth/v1/agency/state-change-request';

/** The link parameters of an opt-in or opt-out page. */
export type AgencyLinkParams = { s: string; c: string };

/** The agency of a link, or the messages that say why the link is not valid. */
export type AgencyLookup =
  { kind: 'agency'; agency: Agency } | { kind: 'invalid'; messages: string[] };

/**
 * `GET /s2c/auth/v1/agency/state-change-request?s=&c=` (spec 2 §7): the agency
 * (office ID, name, purpose), or `validationMessages.officeId` for an unknown,
 * used or expired link (shown as a danger alert list, spec 2 §8).
 */
export async function getAgency(
  link: AgencyLinkParams,
  signal?: AbortSignal,
): Promise<AgencyLookup> {
  const answer = await httpClient.get<unknown>(statePath, { query: link, signal });
  const messages = validationMessagesOf(answer);
  if (messages !== null) return { kind: 'invalid', messages: Object.values(messages).flat() };
  const parsed = AgencySchema.safeParse(answer);
  if (!parsed.success) throw new Error('Unexpected agency answer');
  return { kind: 'agency', agency: parsed.data };
}

/** `POST` of the same path, form-encoded: the form values with `s` and `c`. */
export async function postStateChange(
  link: AgencyLinkParams,
  values: FormValues,
): Promise<PageFormAnswer<{ officeId: string; active: boolean }>> {
  const answer = await httpClient.post<unknown>(statePath, { body: { ...values, ...link } });
  return readPageFormAnswer(StateChangeAnswerSchema, answer);
}
