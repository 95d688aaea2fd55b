import { z } from 'zod';
import { EnrollNotifyWireSchema } from '@club/contract/membership';
import { useLayout } from '../../../shared/layout-context';
import { Link } from '../../../shared/navigation/link';
import { pagePath } from '../../../shared/paths';
import { RichText } from '../../../shared/rich-text';
import { useDictionary } from '../../../shared/use-dictionary';
import { notifyWhenEnrolled, requestEnrollment } from '../api/offices';
import { FormAlert, SubmitButton } from '../../../shared/forms/fields';
import { useAction } from '../../../shared/forms/use-action';
import { useClubForm, useFormSubmit } from '../../../shared/forms/use-club-form';
import { StepHeading } from './step-heading';
import { ClubForm } from '../../../shared/forms/club-form';
import { EmailField } from '../../../shared/forms/common-fields';

/** A server HTML text of a step, or the screen's default sentence when it is empty. */
function StepText({ html, fallback }: { html: string; fallback: string }) {
  return html.trim() !== '' ? (
    <RichText html={html} className="membership__rich-text" />
  ) : (
    <p>{fallback}</p>
  );
}

type RequestStepProps = {
  officeId: string;
  requestText: string;
  focus: boolean;
  onRequested: () => void;
};

/**
 * Decision-maker opt-in, an inactive office (spec 1 §2 step 6): the manager
 * approves the programme by activating the office ID; the button asks them.
 */
export function DecisionMakerRequestStep({
  officeId,
  requestText,
  focus,
  onRequested,
}: RequestStepProps) {
  const layout = useLayout();
  const text = useDictionary();
  const request = useAction(async () => {
    await requestEnrollment(officeId, layout.countryCode);
    onRequested();
  });
  return (
    <div className="membership__form">
      <StepHeading
        text={text('registration.managerApproval', 'Your manager’s approval is needed')}
        focus={focus}
      />
      <StepText
        html={requestText}
        fallback={text(
          'registration.managerApprovalText',
          'Your agency has not joined the club yet. Your manager approves the programme by activating your office ID; then you register once and become a member.',
        )}
      />
      <div className="membership__actions">
        <button
          type="button"
          className="button"
          aria-disabled={request.busy || undefined}
          aria-busy={request.busy || undefined}
          onClick={() => void request.run()}
        >
          {text('registration.requestAccess', 'Request access to my manager')}
        </button>
      </div>
    </div>
  );
}

const NotifyFormSchema = z.object({ email: EnrollNotifyWireSchema.shape.email });

type NotifyStepProps = {
  officeId: string;
  enrollSuccessText: string;
  focus: boolean;
  onNotified: () => void;
};

/** Step dm-approval-notify: the request went out; an email to tell once the agency has joined. */
export function DecisionMakerNotifyStep({
  officeId,
  enrollSuccessText,
  focus,
  onNotified,
}: NotifyStepProps) {
  const layout = useLayout();
  const text = useDictionary();
  const form = useClubForm(NotifyFormSchema, { email: '' });
  const { onSubmit, otherMessages } = useFormSubmit(form, async ({ email }) => {
    await notifyWhenEnrolled(officeId, layout.countryCode, email, layout.languageCode);
    onNotified();
  });
  return (
    <ClubForm form={form} onSubmit={onSubmit}>
      <StepHeading
        text={text('registration.requestSent', 'Your request has been sent')}
        focus={focus}
      />
      <StepText
        html={enrollSuccessText}
        fallback={text(
          'registration.requestSentText',
          'We have asked your manager to let your agency join the club. Leave your email address and we will tell you when it has joined.',
        )}
      />
      <EmailField />
      <FormAlert messages={otherMessages} />
      <div className="membership__actions">
        <SubmitButton>{text('registration.notifyMe', 'Notify me')}</SubmitButton>
      </div>
    </ClubForm>
  );
}

/** Step dm-approval-success: custom text or 'Thank you! You will receive the notification!'. */
export function DecisionMakerSuccessStep({
  successText,
  focus,
}: {
  successText: string;
  focus: boolean;
}) {
  const layout = useLayout();
  const text = useDictionary();
  return (
    <div className="membership__form" role="status">
      <StepHeading text={text('registration.notifySaved', 'Thank you')} focus={focus} />
      <StepText
        html={successText}
        fallback={text(
          'registration.notifySuccess',
          'Thank you! You will receive the notification!',
        )}
      />
      {/* A way onward from the last step: the club's home, where its rules and news are. */}
      <div className="membership__actions">
        <Link className="button button--secondary" to={pagePath(layout, 'home')}>
          {text('registration.toHome', 'To the home page')}
        </Link>
      </div>
    </div>
  );
}
