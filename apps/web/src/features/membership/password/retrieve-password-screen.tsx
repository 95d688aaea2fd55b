import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { RetrievePasswordAnswerSchema } from '@club/contract/account-pages';
import { EmailOnlyWireSchema } from '@club/contract/membership';
import { useLayout } from '../../../shared/layout-context';
import type { ScreenProps } from '../../../shared/screens';
import { pagePath } from '../../../shared/paths';
import { useDictionary } from '../../../shared/use-dictionary';
import { postPageForm, readPageFormAnswer } from '../../../shared/forms/page-form';
import { FormAlert, SubmitButton } from '../../../shared/forms/fields';
import { ScreenFrame } from '../../../shared/forms/screen-frame';
import { useClubForm, useFormSubmit } from '../../../shared/forms/use-club-form';
import { ClubForm } from '../../../shared/forms/club-form';
import { EmailField } from '../../../shared/forms/common-fields';

const RetrievePasswordFormSchema = z.object({ email: EmailOnlyWireSchema.shape.email });

/**
 * Retrieve password (spec 1 §2): an email field; after the submit, a notice
 * that a link arrives within minutes. The server answers the same whether or
 * not the address is known.
 */
export function RetrievePasswordScreen({ page }: ScreenProps) {
  const layout = useLayout();
  const text = useDictionary();
  const [sent, setSent] = useState(false);
  const form = useClubForm(RetrievePasswordFormSchema, { email: '' });
  const { onSubmit, otherMessages } = useFormSubmit(form, async (values) => {
    const read = readPageFormAnswer(
      RetrievePasswordAnswerSchema,
      await postPageForm(page, layout, values),
    );
    if (read.kind === 'invalid') return read.messages;
    if ('validationMessages' in read.answer) return read.answer.validationMessages;
    setSent(true);
  });
  const title = page.title.trim() || text('retrievePassword.title', 'Forgot your password?');

  return (
    <ScreenFrame id="retrieve-password-title" title={title}>
      {sent ? (
        <p className="alert alert--success" role="status">
          {text(
            'retrievePassword.sent',
            'If an account uses this address, a link to set a new password arrives within a few minutes. Please check your inbox.',
          )}
        </p>
      ) : (
        <>
          <p className="membership__lead">
            {text(
              'retrievePassword.intro',
              'Enter the email address of your account and we will send you a link to set a new password.',
            )}
          </p>
          <ClubForm form={form} onSubmit={onSubmit}>
            <EmailField />
            <FormAlert messages={otherMessages} />
            <div className="membership__actions">
              <SubmitButton>{text('form.sendLink', 'Send the link')}</SubmitButton>
              <Link to={pagePath(layout, 'login')}>{text('form.cancel', 'Cancel')}</Link>
            </div>
          </ClubForm>
        </>
      )}
    </ScreenFrame>
  );
}
