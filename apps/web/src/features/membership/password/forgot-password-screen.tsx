import { useState } from 'react';
import { Link } from '../../../shared/navigation/link';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ForgotPasswordAnswerSchema, type ForgotPasswordPage } from '@club/contract/account-pages';
import { NewPasswordWireSchema } from '@club/contract/membership';
import { useLayout } from '../../../shared/layout-context';
import type { ScreenProps } from '../../../shared/screens';
import { pagePath } from '../../../shared/paths';
import { useDictionary } from '../../../shared/use-dictionary';
import { postPageForm, readPageFormAnswer } from '../../../shared/forms/page-form';
import { NewPasswordFields } from '../../../shared/forms/common-fields';
import { FormAlert, SubmitButton } from '../../../shared/forms/fields';
import { withPasswordRepeatCheck } from '../forms/password-repeat';
import { ScreenFrame } from '../../../shared/forms/screen-frame';
import { useClubForm, useFormSubmit } from '../../../shared/forms/use-club-form';
import { ClubForm } from '../../../shared/forms/club-form';
import { LoginLink } from '../forms/login-link';
import { LeftToRight } from '../../../shared/left-to-right';

const NewPasswordFormSchema = withPasswordRepeatCheck(
  z.object({
    password: NewPasswordWireSchema.shape.password,
    passwordRepeat: NewPasswordWireSchema.shape.passwordRepeat,
  }),
);

/**
 * Forgot password, the page of the emailed link (spec 1 §2): greets the
 * member by first name and sets a new password; success offers the login.
 * An unknown, used or expired link shows the invalid-link text.
 */
export function ForgotPasswordScreen({ page }: ScreenProps) {
  const {
    FirstUsername = '',
    memberNumber = '',
    linkValid = false,
  } = page as Partial<ForgotPasswordPage>;
  const layout = useLayout();
  const text = useDictionary();
  const queryClient = useQueryClient();
  const [success, setSuccess] = useState(false);
  const form = useClubForm(NewPasswordFormSchema, { password: '', passwordRepeat: '' });
  const { onSubmit, otherMessages } = useFormSubmit(form, async (values) => {
    const read = readPageFormAnswer(
      ForgotPasswordAnswerSchema,
      await postPageForm(page, layout, values),
    );
    if (read.kind === 'invalid') return read.messages;
    if ('validationMessages' in read.answer) return read.answer.validationMessages;
    // The link is used up: a later visit must load the page again.
    queryClient.removeQueries({ queryKey: ['page', page.name] });
    setSuccess(true);
  });
  const title = page.title.trim() || text('forgotPassword.title', 'Set a new password');

  if (success)
    return (
      <ScreenFrame id="forgot-password-title" title={title}>
        <p className="alert alert--success" role="status">
          {text(
            'forgotPassword.success',
            'Your password has been changed. You can now log in with your new password.',
          )}
        </p>
        <LoginLink />
      </ScreenFrame>
    );
  if (!linkValid)
    return (
      <ScreenFrame id="forgot-password-title" title={title}>
        <p className="alert alert--danger" role="alert">
          {text('link.invalid', 'Sorry for the inconvenience. The link is not valid any more.')}
        </p>
        <p>
          <Link to={pagePath(layout, 'retrieve-password')}>
            {text('forgotPassword.newLink', 'Ask for a new link')}
          </Link>
        </p>
      </ScreenFrame>
    );

  return (
    <ScreenFrame id="forgot-password-title" title={title}>
      <p className="membership__lead">
        {text(
          'forgotPassword.greeting',
          'Hello {firstName}, please choose a new password.',
        ).replace('{firstName}', FirstUsername)}
      </p>
      {memberNumber === '' ? null : (
        <p className="membership__member-number">
          {text('forgotPassword.memberNumber', 'Your member number')}:{' '}
          <strong>
            <LeftToRight>{memberNumber}</LeftToRight>
          </strong>
        </p>
      )}
      <ClubForm form={form} onSubmit={onSubmit}>
        <NewPasswordFields label={text('form.newPassword', 'New password')} />
        <FormAlert messages={otherMessages} />
        <div className="membership__actions">
          <SubmitButton>{text('forgotPassword.submit', 'Save the password')}</SubmitButton>
        </div>
      </ClubForm>
    </ScreenFrame>
  );
}
