import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { RestoreAnswerSchema } from '@club/contract/account-pages';
import { RestoreWireSchema } from '@club/contract/membership';
import { useLayout } from '../../../shared/layout-context';
import type { ScreenProps } from '../../../shared/screens';
import { pagePath } from '../../../shared/paths';
import { useDictionary } from '../../../shared/use-dictionary';
import { postPageForm, readPageFormAnswer } from '../../../shared/forms/page-form';
import { FormAlert, SubmitButton, TextField } from '../../../shared/forms/fields';
import { ScreenFrame } from '../../../shared/forms/screen-frame';
import { useClubForm, useFormSubmit } from '../../../shared/forms/use-club-form';
import { ClubForm } from '../../../shared/forms/club-form';
import { EmailField } from '../../../shared/forms/common-fields';

const RestoreFormSchema = z.object({
  email: RestoreWireSchema.shape.email,
  number: RestoreWireSchema.shape.number,
});

type Invalid = { messages: string[]; alreadyRestored: boolean };

/**
 * Restore account (spec 1 §2): email and member number; then the notice that
 * a restore link was sent (the same whether or not the pair is known). Errors
 * show as an alert list titled 'Invalid data', in success style when the
 * account is already restored. Cancel goes to login.
 */
export function RestoreScreen({ page }: ScreenProps) {
  const layout = useLayout();
  const text = useDictionary();
  const [restoreLinkSent, setRestoreLinkSent] = useState(false);
  const [invalid, setInvalid] = useState<Invalid | null>(null);
  const form = useClubForm(RestoreFormSchema, { email: '', number: '' });
  const { onSubmit, otherMessages } = useFormSubmit(form, async (values) => {
    setInvalid(null);
    const read = readPageFormAnswer(RestoreAnswerSchema, await postPageForm(page, layout, values));
    if (read.kind === 'invalid') return read.messages;
    const answer = read.answer;
    if (!('restoreLinkSent' in answer)) return answer.validationMessages;
    if (answer.errorMessageList.length > 0)
      setInvalid({
        messages: answer.errorMessageList.map((item) => item.errorMessage),
        alreadyRestored: answer.alreadyRestored,
      });
    setRestoreLinkSent(answer.restoreLinkSent);
  });
  const title = page.title.trim() || text('restore.title', 'Restore your account');
  const invalidAlert = invalid ? (
    <FormAlert
      title={text('restore.invalidData', 'Invalid data')}
      messages={invalid.messages}
      tone={invalid.alreadyRestored ? 'success' : 'danger'}
    />
  ) : null;

  if (restoreLinkSent)
    return (
      <ScreenFrame id="restore-title" title={title}>
        {invalidAlert}
        <p className="alert alert--success" role="status">
          {text(
            'restore.sent',
            'If the email address and the member number belong to a deleted account, a link to restore it is on its way. Please check your inbox.',
          )}
        </p>
      </ScreenFrame>
    );

  return (
    <ScreenFrame id="restore-title" title={title}>
      <p className="membership__lead">
        {text(
          'restore.intro',
          'Enter the email address and the member number of your deleted account and we will send you a link to restore it.',
        )}
      </p>
      {invalidAlert}
      <ClubForm form={form} onSubmit={onSubmit}>
        <EmailField />
        <TextField
          name="number"
          label={text('form.memberNumber', 'Member number')}
          inputMode="numeric"
          autoComplete="username"
        />
        <FormAlert messages={otherMessages} />
        <div className="membership__actions">
          <SubmitButton>{text('restore.submit', 'Restore my account')}</SubmitButton>
          <Link to={pagePath(layout, 'login')}>{text('form.cancel', 'Cancel')}</Link>
        </div>
      </ClubForm>
    </ScreenFrame>
  );
}
