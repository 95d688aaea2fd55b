import { useState } from 'react';
import { z } from 'zod';
import { ReconfirmAnswerSchema } from '@club/contract/account-pages';
import { EmailOnlyWireSchema } from '@club/contract/membership';
import { useLayout } from '../../../shared/layout-context';
import type { ScreenProps } from '../../../shared/screens';
import { useDictionary } from '../../../shared/use-dictionary';
import { postPageForm, readPageFormAnswer } from '../../../shared/forms/page-form';
import { ClubForm } from '../../../shared/forms/club-form';
import { EmailField } from '../../../shared/forms/common-fields';
import { FormAlert, SubmitButton } from '../../../shared/forms/fields';
import { LoginLink } from '../forms/login-link';
import { ScreenFrame } from '../../../shared/forms/screen-frame';
import { useClubForm, useFormSubmit } from '../../../shared/forms/use-club-form';

const ReconfirmFormSchema = z.object({ email: EmailOnlyWireSchema.shape.email });

type Outcome = 'sent' | 'alreadyActivated' | null;

/**
 * Reconfirm (spec 1 §2): a new confirmation email by email address. States:
 * form, sent, already activated (invites login), errors (errorMessages).
 */
export function ReconfirmScreen({ page }: ScreenProps) {
  const layout = useLayout();
  const text = useDictionary();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const form = useClubForm(ReconfirmFormSchema, { email: '' });
  const { onSubmit, otherMessages } = useFormSubmit(form, async (values) => {
    const read = readPageFormAnswer(
      ReconfirmAnswerSchema,
      await postPageForm(page, layout, values),
    );
    if (read.kind === 'invalid') return read.messages;
    const answer = read.answer;
    if (!('emailReconfirmed' in answer)) return answer.validationMessages;
    setErrors(answer.errorMessages);
    if (answer.alreadyActivated) setOutcome('alreadyActivated');
    else if (answer.emailReconfirmed) setOutcome('sent');
  });
  const title = page.title.trim() || text('reconfirm.title', 'Activate your account');

  if (outcome === 'sent')
    return (
      <ScreenFrame id="reconfirm-title" title={title}>
        <p className="alert alert--success" role="status">
          {text(
            'reconfirm.sent',
            'If this address belongs to an account that waits for confirmation, a new confirmation link is on its way. Please check your inbox.',
          )}
        </p>
      </ScreenFrame>
    );
  if (outcome === 'alreadyActivated')
    return (
      <ScreenFrame id="reconfirm-title" title={title}>
        <p className="alert alert--info" role="status">
          {text('reconfirm.alreadyActive', 'Your account is already active. Please log in.')}
        </p>
        <LoginLink />
      </ScreenFrame>
    );

  return (
    <ScreenFrame id="reconfirm-title" title={title}>
      <p className="membership__lead">
        {text(
          'reconfirm.intro',
          'Enter the email address of your registration and we will send you a new confirmation link.',
        )}
      </p>
      <ClubForm form={form} onSubmit={onSubmit}>
        <EmailField />
        <FormAlert messages={[...errors, ...otherMessages]} />
        <div className="membership__actions">
          <SubmitButton>{text('form.sendLink', 'Send the link')}</SubmitButton>
        </div>
      </ClubForm>
    </ScreenFrame>
  );
}
