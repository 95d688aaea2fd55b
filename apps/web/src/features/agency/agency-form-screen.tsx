import { useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/navigation/link';
import { useNavigate } from '../../shared/navigation/navigator-router';
import { z } from 'zod';
import { agencyMessages, OptInFormSchema, OptOutFormSchema } from '@club/contract/agency';
import { useLayout } from '../../shared/layout-context';
import type { PageScreen, ScreenProps } from '../../shared/screens';
import { pagePath } from '../../shared/paths';
import { submitErrorMessage } from '../../lib/api-error';
import { RichText } from '../../shared/rich-text';
import { useDictionary } from '../../shared/use-dictionary';
import { useText } from '../../shared/content-api/get-text';
import { ClubForm } from '../../shared/forms/club-form';
import { EmailField } from '../../shared/forms/common-fields';
import {
  CheckboxField,
  FormAlert,
  ReadOnlyField,
  SubmitButton,
  TextField,
} from '../../shared/forms/fields';
import { ScreenFrame } from '../../shared/forms/screen-frame';
import { useClubForm, useFormSubmit } from '../../shared/forms/use-club-form';
import { getAgency, postStateChange, type AgencyLinkParams } from './agency-api';
import { fillNodes } from '../../shared/points-status/format';
import type { Agency } from '@club/contract/agency';
import './agency.css';

export type Purpose = 'opt-in' | 'opt-out';

/**
 * The opt-out form of spec 2 §5 (the link parameters travel beside it), with
 * the page's own confirmation: leaving changes what every agent of the office
 * earns, so it is asked for explicitly (not sent to the server).
 */
export const OptOutFieldsSchema = OptOutFormSchema.omit({ s: true, c: true }).extend({
  confirm: z.boolean().refine((confirm) => confirm, agencyMessages.confirmRequired),
});

/** The opt-in form of spec 2 §5: the agree box is a checkbox, so a boolean that must be true. */
export const OptInFieldsSchema = OptInFormSchema.omit({ s: true, c: true, agree: true }).extend({
  agree: z.boolean().refine((agree) => agree, agencyMessages.agreeRequired),
});

/** The titles in the layout's dictionary, with English fallbacks. */
const titles = {
  'opt-in': ['agency.optInTitle', 'Agency opt-in'],
  'opt-out': ['agency.optOutTitle', 'Agency opt-out'],
} as const;

/** The page of each link purpose, as the other page names it (message keys, dictionary keys and English fallbacks). */
const linkPages = {
  'opt-in': {
    pageName: 'agency-opt-in',
    message: agencyMessages.linkForOptIn,
    openKey: 'agency.openOptIn',
    open: 'Open the agency opt-in page',
  },
  'opt-out': {
    pageName: 'agency-opt-out',
    message: agencyMessages.linkForOptOut,
    openKey: 'agency.openOptOut',
    open: 'Open the agency opt-out page',
  },
} as const;

function linkOf(params: Record<string, string>): AgencyLinkParams | null {
  const { s, c } = params;
  return s && c ? { s, c } : null;
}

/**
 * The agency opt-in and opt-out pages (spec 2 §2.4): the link's `s` and `c`
 * name the agency, which the page shows above the form. An invalid link shows
 * the server's messages as a danger alert list and no form.
 */
function AgencyScreen({ page, purpose }: ScreenProps & { purpose: Purpose }) {
  const text = useDictionary();
  const link = linkOf(page.params);
  const [titleKey, titleFallback] = titles[purpose];
  const title = page.title.trim() || text(titleKey, titleFallback);
  const lookup = useQuery({
    queryKey: ['agency', link?.s ?? '', link?.c ?? ''],
    queryFn: ({ signal }) =>
      link ? getAgency(link, signal) : Promise.reject(new Error('no link')),
    enabled: link !== null,
    retry: false,
    // A used link must be asked again on the next visit.
    gcTime: 0,
  });
  const id = `agency-${purpose}-title`;

  let body;
  if (link === null) body = <InvalidLink messages={[agencyMessages.linkInvalid]} />;
  else if (lookup.isPending)
    body = (
      <p role="status" aria-busy="true">
        {text('agency.loading', 'Loading the agency…')}
      </p>
    );
  else if (lookup.isError) body = <FormAlert messages={[submitErrorMessage(lookup.error)]} />;
  else if (lookup.data.kind === 'invalid')
    body = (
      <InvalidLink
        messages={
          lookup.data.messages.length > 0 ? lookup.data.messages : [agencyMessages.linkInvalid]
        }
      />
    );
  else if (lookup.data.agency.purpose !== purpose)
    body = <OtherPurposeAlert purpose={lookup.data.agency.purpose} link={link} />;
  else body = <AgencyForm purpose={purpose} link={link} agency={lookup.data.agency} />;

  return (
    <ScreenFrame id={id} title={title}>
      {body}
    </ScreenFrame>
  );
}

/**
 * A valid link opened on the other page (an opt-in link on the opt-out page,
 * say): no form, which the server would refuse, but the page the link is for,
 * with the same link.
 */
function OtherPurposeAlert({ purpose, link }: { purpose: Purpose; link: AgencyLinkParams }) {
  const text = useDictionary();
  const layout = useLayout();
  const page = linkPages[purpose];
  return (
    <>
      <FormAlert messages={[page.message]} />
      <p>
        <Link to={pagePath(layout, page.pageName, { s: link.s, c: link.c })}>
          {text(page.openKey, page.open)}
        </Link>
      </p>
    </>
  );
}

/** A link that is broken, used or expired: why, and how to get a new one. */
function InvalidLink({ messages }: { messages: string[] }) {
  const text = useDictionary();
  const { contactUsEmail } = useLayout();
  return (
    <>
      <FormAlert messages={messages} />
      <p className="agency__text">
        {contactUsEmail
          ? fillNodes(
              text(
                'agency.newLinkHow',
                'For a new link, write to {email} with your office ID: we send it to the person who decides for your agency.',
              ),
              { email: <a href={`mailto:${contactUsEmail}`}>{contactUsEmail}</a> },
            )
          : text(
              'agency.newLinkHowNoEmail',
              'For a new link, contact the club with your office ID: we send it to the person who decides for your agency.',
            )}
      </p>
    </>
  );
}

function AgencyDetails({ agency }: { agency: Agency }) {
  const text = useDictionary();
  return (
    <div className="agency__details">
      <ReadOnlyField
        label={text('agency.officeId', 'Office ID')}
        value={agency.officeId}
        readsLeftToRight
      />
      <ReadOnlyField label={text('agency.name', 'Agency')} value={agency.name} />
    </div>
  );
}

function AgencyForm({
  purpose,
  link,
  agency,
}: {
  purpose: Purpose;
  link: AgencyLinkParams;
  agency: Agency;
}) {
  return purpose === 'opt-in' ? (
    <OptInForm link={link} agency={agency} />
  ) : (
    <OptOutForm link={link} agency={agency} />
  );
}

type FormProps = { link: AgencyLinkParams; agency: Agency };

function useStateChange(link: AgencyLinkParams, success: string) {
  const layout = useLayout();
  const navigate = useNavigate();
  return async (values: Record<string, string | boolean>) => {
    const read = await postStateChange(link, values);
    if (read.kind === 'invalid') return read.messages;
    await navigate(pagePath(layout, success));
  };
}

function CommonFields() {
  const text = useDictionary();
  return (
    <>
      <TextField
        name="firstName"
        label={text('form.firstName', 'First name')}
        autoComplete="given-name"
      />
      <TextField
        name="lastName"
        label={text('form.lastName', 'Last name')}
        autoComplete="family-name"
      />
      <EmailField
        maxLength={255}
        hint={text('agency.emailHint', '{email}, max. 255 characters').replace(
          '{email}',
          text('form.email', 'Email'),
        )}
      />
    </>
  );
}

function Actions({ submit }: { submit: string }) {
  const text = useDictionary();
  const layout = useLayout();
  const navigate = useNavigate();
  return (
    <div className="membership__actions">
      <SubmitButton>{submit}</SubmitButton>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void navigate(pagePath(layout, 'home'))}
      >
        {text('form.cancel', 'Cancel')}
      </button>
    </div>
  );
}

/** Messages of `officeId` (and of fields the form does not have): a danger alert list. */
function ResultRegion({ messages, submitting }: { messages: string[]; submitting: boolean }) {
  const text = useDictionary();
  return (
    <>
      <FormAlert messages={messages} />
      <p className="agency__live" role="status" aria-live="polite">
        {submitting ? text('agency.sending', 'Sending…') : ''}
      </p>
    </>
  );
}

function OptInForm({ link, agency }: FormProps) {
  const text = useDictionary();
  const layout = useLayout();
  const intro = useText('agencyOptIn', {
    countryCode: layout.countryCode,
    languageCode: layout.languageCode,
  });
  const form = useClubForm(OptInFieldsSchema, {
    firstName: '',
    lastName: '',
    email: '',
    agree: false,
  });
  const change = useStateChange(link, 'agency-successfully-opt-in');
  const { onSubmit, otherMessages } = useFormSubmit(form, (values) => change(values));
  return (
    <>
      <AgencyDetails agency={agency} />
      <ClubForm form={form} onSubmit={onSubmit}>
        <CommonFields />
        {intro !== null ? (
          <RichText html={intro} className="agency__text" />
        ) : (
          <p className="agency__text">
            {text(
              'agency.optInDefault',
              'When your agency takes part in the club, its agents can register and collect points for their bookings.',
            )}
          </p>
        )}
        <CheckboxField
          name="agree"
          label={text('agency.agree', 'I agree that my agency takes part in the club.')}
        />
        <ResultRegion messages={otherMessages} submitting={form.formState.isSubmitting} />
        <Actions submit={text('agency.submitOptIn', 'Opt in')} />
      </ClubForm>
    </>
  );
}

function OptOutForm({ link, agency }: FormProps) {
  const text = useDictionary();
  const form = useClubForm(OptOutFieldsSchema, {
    firstName: '',
    lastName: '',
    email: '',
    comment: '',
    confirm: false,
  });
  const change = useStateChange(link, 'agency-successfully-opt-out');
  // The confirmation is the page's own: the server's form has no such field.
  const { onSubmit, otherMessages } = useFormSubmit(form, ({ confirm: _confirmed, ...values }) =>
    change(values),
  );
  return (
    <>
      <AgencyDetails agency={agency} />
      <p className="agency__text">
        {text(
          'agency.optOutDefault',
          'When your agency leaves the club, its agents can no longer register with this office ID, and the bookings they make in it no longer earn points. The points they have earned stay theirs, to spend on gifts until they lapse.',
        )}
      </p>
      <ClubForm form={form} onSubmit={onSubmit}>
        <CommonFields />
        <CommentField label={text('agency.comment', 'Comment (optional)')} />
        <CheckboxField
          name="confirm"
          label={text('agency.confirmOptOut', 'I confirm that my agency leaves the club.')}
        />
        <ResultRegion messages={otherMessages} submitting={form.formState.isSubmitting} />
        <Actions submit={text('agency.submitOptOut', 'Opt out')} />
      </ClubForm>
    </>
  );
}

function CommentField({ label }: { label: string }) {
  return <TextField name="comment" label={label} maxLength={1000} />;
}

export const AgencyOptInScreen: PageScreen = ({ page }) => (
  <AgencyScreen page={page} purpose="opt-in" />
);
export const AgencyOptOutScreen: PageScreen = ({ page }) => (
  <AgencyScreen page={page} purpose="opt-out" />
);
