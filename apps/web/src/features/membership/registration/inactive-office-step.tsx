import { useState } from 'react';
import type { OfficeData } from '@club/contract/membership';
import { useLayout } from '../../../shared/layout-context';
import { useDictionary } from '../../../shared/use-dictionary';
import { requestEnrollment } from '../api/offices';
import { useAction } from '../../../shared/forms/use-action';
import { StepHeading } from './step-heading';
import { InactiveOfficeNotice } from './inactive-office-notice';

type InactiveOfficeStepProps = {
  office: OfficeData;
  focus: boolean;
  onContinue: () => void;
};

/**
 * An office that does not take part, in a country that lets its agents
 * register anyway (decision-maker opt-in off): the agent learns before the
 * form that its bookings will earn nothing until the agency joins, may ask
 * the decision maker, and goes on.
 */
export function InactiveOfficeStep({ office, focus, onContinue }: InactiveOfficeStepProps) {
  const layout = useLayout();
  const text = useDictionary();
  const [asked, setAsked] = useState(false);
  const request = useAction(async () => {
    await requestEnrollment(office.officeId, layout.countryCode);
    setAsked(true);
  });
  return (
    <div className="membership__form">
      <StepHeading
        text={text('registration.inactiveOfficeStep', 'Your office does not take part yet')}
        focus={focus}
      />
      <InactiveOfficeNotice office={office} />
      <p>
        {text(
          'registration.inactiveOfficeAsk',
          'You can register now, and ask your manager to let your agency join: once it has joined, your bookings earn points.',
        )}
      </p>
      {asked ? (
        <p className="alert alert--success" role="status">
          {text(
            'registration.inactiveOfficeAsked',
            'We have asked your manager. You can register now.',
          )}
        </p>
      ) : null}
      <div className="membership__actions">
        {asked ? null : (
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={request.busy || undefined}
            aria-busy={request.busy || undefined}
            onClick={() => void request.run()}
          >
            {text('registration.requestAccess', 'Request access to my manager')}
          </button>
        )}
        <button type="button" className="button" onClick={onContinue}>
          {text('registration.inactiveOfficeContinue', 'Continue registration')}
        </button>
      </div>
    </div>
  );
}
