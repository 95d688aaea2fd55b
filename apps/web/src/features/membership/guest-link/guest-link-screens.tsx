import { useState, type ReactNode } from 'react';
import { Link } from '../../../shared/navigation/link';
import type { DefaultValues } from 'react-hook-form';
import { z } from 'zod';
import {
  ReconfirmAnswerSchema,
  RestoreAnswerSchema,
  RetrieveMemberNumberAnswerSchema,
  RetrievePasswordAnswerSchema,
} from '@club/contract/account-pages';
import { EmailOnlyWireSchema, RestoreWireSchema } from '@club/contract/membership';
import { useLayout } from '../../../shared/layout-context';
import type { ScreenProps } from '../../../shared/screens';
import { pagePath } from '../../../shared/paths';
import { useDictionary } from '../../../shared/use-dictionary';
import { postPageForm, readPageFormAnswer } from '../../../shared/forms/page-form';
import { ClubForm } from '../../../shared/forms/club-form';
import { EmailField } from '../../../shared/forms/common-fields';
import { FormAlert, SubmitButton, TextField } from '../../../shared/forms/fields';
import { LoginLink } from '../forms/login-link';
import { ScreenFrame } from '../../../shared/forms/screen-frame';
import { useClubForm, useFormSubmit } from '../../../shared/forms/use-club-form';

type Text = ReturnType<typeof useDictionary>;

/** A form of text fields. */
type StringForm = z.ZodType<Record<string, string>, Record<string, string>>;

/** What an answer leads to: a notice instead of the form, and an alert of the answer's messages. */
type Outcome = {
  notice: 'sent' | 'alreadyActive' | null;
  alert: { messages: string[]; title?: string; tone: 'danger' | 'success' } | null;
};

/**
 * One guest "email me a link" page: its texts (dictionary keys under `scope`
 * with English fallbacks), its form and how its answer reads.
 */
type GuestLinkForm<TSchema extends StringForm, TAnswer> = {
  /** Dictionary scope of `{scope}.title`, `.intro`, `.sent`. */
  scope: string;
  titleId: string;
  texts: { title: string; intro: string; sent: string; submit: [key: string, fallback: string] };
  /** Cancel goes to login. */
  cancel: boolean;
  schema: TSchema;
  defaultValues: DefaultValues<z.input<TSchema>>;
  /** Fields after the email. */
  fields?: (text: Text) => ReactNode;
  answer: z.ZodType<TAnswer | { validationMessages: Record<string, string[]> }>;
  outcome: (answer: TAnswer, text: Text) => Outcome;
};

/**
 * The guest forms that send a link by email (spec 1 §2: retrieve password,
 * reconfirm, restore): the form, then a notice that the link is on its way.
 * The server answers the same whether or not the address belongs to a member.
 */
function GuestLinkScreen<TSchema extends StringForm, TAnswer extends object>({
  page,
  form: config,
}: ScreenProps & { form: GuestLinkForm<TSchema, TAnswer> }) {
  const layout = useLayout();
  const text = useDictionary();
  const [outcome, setOutcome] = useState<Outcome>({ notice: null, alert: null });
  const form = useClubForm(config.schema, config.defaultValues);
  const { onSubmit, otherMessages } = useFormSubmit(form, async (values) => {
    setOutcome({ notice: null, alert: null });
    const read = readPageFormAnswer(config.answer, await postPageForm(page, layout, values));
    if (read.kind === 'invalid') return read.messages;
    const answer = read.answer;
    if ('validationMessages' in answer) return answer.validationMessages;
    setOutcome(config.outcome(answer, text));
  });
  const { scope, texts, titleId } = config;
  const title = page.title.trim() || text(`${scope}.title`, texts.title);
  const { alert, notice } = outcome;
  const alertList = alert ? (
    <FormAlert title={alert.title} messages={alert.messages} tone={alert.tone} />
  ) : null;

  if (notice === 'sent')
    return (
      <ScreenFrame id={titleId} title={title}>
        {alertList}
        <p className="alert alert--success" role="status">
          {text(`${scope}.sent`, texts.sent)}
        </p>
      </ScreenFrame>
    );
  if (notice === 'alreadyActive')
    return (
      <ScreenFrame id={titleId} title={title}>
        <p className="alert alert--info" role="status">
          {text('reconfirm.alreadyActive', 'Your account is already active. Please log in.')}
        </p>
        <LoginLink />
      </ScreenFrame>
    );

  return (
    <ScreenFrame id={titleId} title={title}>
      <p className="membership__lead">{text(`${scope}.intro`, texts.intro)}</p>
      {alertList}
      <ClubForm form={form} onSubmit={onSubmit}>
        <EmailField />
        {config.fields?.(text)}
        <FormAlert messages={otherMessages} />
        <div className="membership__actions">
          <SubmitButton>{text(...texts.submit)}</SubmitButton>
          {config.cancel ? (
            <Link to={pagePath(layout, 'login')}>{text('form.cancel', 'Cancel')}</Link>
          ) : null}
        </div>
      </ClubForm>
    </ScreenFrame>
  );
}

const sendLink: [string, string] = ['form.sendLink', 'Send the link'];
const EmailFormSchema = z.object({ email: EmailOnlyWireSchema.shape.email });

const retrievePassword: GuestLinkForm<typeof EmailFormSchema, { sent: true }> = {
  scope: 'retrievePassword',
  titleId: 'retrieve-password-title',
  texts: {
    title: 'Forgot your password?',
    intro:
      'Enter the email address of your account and we will send you a link to set a new password.',
    sent: 'If an account uses this address, a link to set a new password arrives within a few minutes. Please check your inbox.',
    submit: sendLink,
  },
  cancel: true,
  schema: EmailFormSchema,
  defaultValues: { email: '' },
  answer: RetrievePasswordAnswerSchema,
  outcome: () => ({ notice: 'sent', alert: null }),
};

const retrieveMemberNumber: GuestLinkForm<typeof EmailFormSchema, { sent: true }> = {
  scope: 'retrieveMemberNumber',
  titleId: 'retrieve-member-number-title',
  texts: {
    title: 'Forgot your member number?',
    intro: 'Enter the email address of your account and we will send you your member number.',
    sent: 'If an account uses this address, your member number arrives within a few minutes. Please check your inbox.',
    submit: ['retrieveMemberNumber.submit', 'Send my member number'],
  },
  cancel: true,
  schema: EmailFormSchema,
  defaultValues: { email: '' },
  answer: RetrieveMemberNumberAnswerSchema,
  outcome: () => ({ notice: 'sent', alert: null }),
};

type ReconfirmAnswer = Exclude<
  z.output<typeof ReconfirmAnswerSchema>,
  { validationMessages: unknown }
>;

const reconfirm: GuestLinkForm<typeof EmailFormSchema, ReconfirmAnswer> = {
  scope: 'reconfirm',
  titleId: 'reconfirm-title',
  texts: {
    title: 'Activate your account',
    intro:
      'Enter the email address of your registration and we will send you a new confirmation link.',
    sent: 'If this address belongs to an account that waits for confirmation, a new confirmation link is on its way. Please check your inbox.',
    submit: sendLink,
  },
  cancel: false,
  schema: EmailFormSchema,
  defaultValues: { email: '' },
  answer: ReconfirmAnswerSchema,
  outcome: (answer) => ({
    notice: answer.alreadyActivated ? 'alreadyActive' : answer.emailReconfirmed ? 'sent' : null,
    alert:
      answer.errorMessages.length > 0 ? { messages: answer.errorMessages, tone: 'danger' } : null,
  }),
};

const RestoreFormSchema = z.object({
  email: RestoreWireSchema.shape.email,
  number: RestoreWireSchema.shape.number,
});
type RestoreAnswer = Exclude<z.output<typeof RestoreAnswerSchema>, { validationMessages: unknown }>;

const restore: GuestLinkForm<typeof RestoreFormSchema, RestoreAnswer> = {
  scope: 'restore',
  titleId: 'restore-title',
  texts: {
    title: 'Restore your account',
    intro:
      'Enter the email address and the member number of your deleted account and we will send you a link to restore it.',
    sent: 'If the email address and the member number belong to a deleted account, a link to restore it is on its way. Please check your inbox.',
    submit: ['restore.submit', 'Restore my account'],
  },
  cancel: true,
  schema: RestoreFormSchema,
  defaultValues: { email: '', number: '' },
  fields: (text) => (
    <TextField
      name="number"
      label={text('form.memberNumber', 'Member number')}
      readsLeftToRight
      inputMode="numeric"
      autoComplete="username"
    />
  ),
  answer: RestoreAnswerSchema,
  // Errors show as a list titled 'Invalid data', in success style when the account is already restored.
  outcome: (answer, text) => ({
    notice: answer.restoreLinkSent ? 'sent' : null,
    alert:
      answer.errorMessageList.length > 0
        ? {
            title: text('restore.invalidData', 'Invalid data'),
            messages: answer.errorMessageList.map((item) => item.errorMessage),
            tone: answer.alreadyRestored ? 'success' : 'danger',
          }
        : null,
  }),
};

/** Retrieve password (spec 1 §2): a link to set a new password. */
export function RetrievePasswordScreen(props: ScreenProps) {
  return <GuestLinkScreen {...props} form={retrievePassword} />;
}

/** Forgot your member number: the number mailed to the account's address. */
export function RetrieveMemberNumberScreen(props: ScreenProps) {
  return <GuestLinkScreen {...props} form={retrieveMemberNumber} />;
}

/** Reconfirm (spec 1 §2): a new confirmation link; an active account is invited to log in. */
export function ReconfirmScreen(props: ScreenProps) {
  return <GuestLinkScreen {...props} form={reconfirm} />;
}

/** Restore account (spec 1 §2): by email and member number, a link to restore a deleted account. */
export function RestoreScreen(props: ScreenProps) {
  return <GuestLinkScreen {...props} form={restore} />;
}
