import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgencyLinkAnswer } from '@club/contract/staff-offices';
import { makeAgencyLink } from './offices-api';
import { timeText } from './office-states';

/**
 * "Make an opt-in link" / "Make an opt-out link": the link is shown once
 * (the server keeps only its hash), with a button that copies it.
 */
export function AgencyLinkMaker({ officeId }: { officeId: string }) {
  const queryClient = useQueryClient();
  const [copied, setCopied] = useState(false);
  const make = useMutation({
    mutationFn: (purpose: 'opt-in' | 'opt-out') => makeAgencyLink(officeId, purpose),
    onMutate: () => setCopied(false),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['offices', 'office', officeId] }),
  });
  const link: AgencyLinkAnswer | undefined = make.data;

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <section aria-labelledby="agency-links">
      <h2 id="agency-links">Links for the decision maker</h2>
      <p className="hint">
        A link works once and for a limited time. It is shown here once: copy it and send it to the
        decision maker.
      </p>
      <div className="toolbar">
        <button type="button" disabled={make.isPending} onClick={() => make.mutate('opt-in')}>
          Make an opt-in link
        </button>
        <button
          type="button"
          className="secondary"
          disabled={make.isPending}
          onClick={() => make.mutate('opt-out')}
        >
          Make an opt-out link
        </button>
      </div>
      <div aria-live="polite">
        {make.isError && (
          <p className="form-error" role="alert">
            The link could not be made. Try again.
          </p>
        )}
        {link !== undefined && (
          <div className="success agency-link">
            <p>
              The {link.purpose} link, valid until {timeText(link.expiresAt)}:
            </p>
            <p>
              <output className="agency-link-url" aria-label={`The ${link.purpose} link`}>
                {link.url}
              </output>
            </p>
            <button type="button" onClick={() => void copy(link.url)}>
              Copy the link
            </button>{' '}
            {copied && <span role="status">Copied.</span>}
          </div>
        )}
      </div>
    </section>
  );
}
