import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ContentPublished,
  MailTemplatePublished,
  StaffContentCountry,
  StaffLanguageContent,
  TestMailSent,
} from '@club/contract/staff-content';
import { staffCall } from '../../lib/staff-api';

/** The content area's calls (`/s2c/staff/v1/content/…`) and their queries. */

const base = '/s2c/staff/v1/content';

export const contentKeys = {
  countries: ['content', 'countries'] as const,
  language: (countryCode: string, languageCode: string) =>
    ['content', countryCode, languageCode] as const,
};

export function useContentCountries() {
  return useQuery({
    queryKey: contentKeys.countries,
    queryFn: () => staffCall<StaffContentCountry[]>('GET', `${base}/countries`),
  });
}

export const languageContentQuery = (countryCode: string, languageCode: string) => ({
  queryKey: contentKeys.language(countryCode, languageCode),
  queryFn: () => staffCall<StaffLanguageContent>('GET', `${base}/${countryCode}/${languageCode}`),
});

export function useLanguageContent(countryCode: string, languageCode: string) {
  return useQuery(languageContentQuery(countryCode, languageCode));
}

export type ContentChange = {
  method: 'PUT' | 'POST' | 'DELETE';
  /** Below `/s2c/staff/v1/content/`. */
  path: string;
  body?: unknown;
};

/**
 * Publishes a change (sent as JSON); on success every language of the country
 * is read again, since an alert may change them all.
 */
export function usePublish(countryCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, path, body }: ContentChange) =>
      staffCall<ContentPublished | MailTemplatePublished>(method, `${base}/${path}`, body, {
        json: body !== undefined,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['content', countryCode] }),
  });
}

/**
 * Sends a test mail of a mail template as the editor holds it (saved or not)
 * to the staff member's own address; nothing of the content changes.
 */
export function sendTestMail(
  countryCode: string,
  languageCode: string,
  template: string,
  body: { subject: string; text: string; html: string },
): Promise<TestMailSent> {
  return staffCall<TestMailSent>(
    'POST',
    `${base}/${countryCode}/${languageCode}/mail-templates/${encodeURIComponent(template)}/test-mail`,
    body,
    { json: true },
  );
}
