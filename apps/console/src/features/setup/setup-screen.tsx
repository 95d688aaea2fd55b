import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  StaffSetupWireSchema,
  staffSetupLinkDead,
  type StaffSetupOffer,
} from '@club/contract/staff-accounts';
import { StaffApiError, queryString, staffCall } from '../../lib/staff-api';
import { usePageTitle } from '../../lib/page-title';
import { TextField } from '../../lib/ui/field';
import { QrCode } from './qr-code';
import './setup.css';

const SetupFormSchema = StaffSetupWireSchema.omit({ token: true })
  .extend({ repeat: z.string() })
  .refine((values) => values.password === values.repeat, {
    path: ['repeat'],
    message: 'The two passwords differ',
  });
type SetupForm = z.infer<typeof SetupFormSchema>;

/** The secret in groups of four, as authenticator apps show and people type it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The setup link's screen (`/staff/setup?token=…`), without a session: the
 * new staff member enrols the code in their authenticator app (QR code or
 * the secret typed), sets a password, and proves the enrolment with a code.
 */
export default function SetupScreen() {
  usePageTitle('Set up your account');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const offer = useQuery({
    queryKey: ['staff-setup', token],
    queryFn: () =>
      staffCall<StaffSetupOffer>('GET', `/s2c/staff/v1/setup${queryString({ token })}`),
    enabled: token !== '',
    staleTime: Infinity,
  });

  return (
    <main id="main" className="login setup">
      <h1>Set up your staff account</h1>
      {token === '' || offer.isError ? (
        <p role="alert" className="form-error">
          {offer.error instanceof StaffApiError && offer.error.status === 429
            ? 'Too many attempts from here. Wait a few minutes, then open the link again.'
            : staffSetupLinkDead}
        </p>
      ) : offer.data === undefined ? (
        <p role="status">Loading…</p>
      ) : done ? (
        <>
          <p role="status" className="success">
            Your account is set up. Log in with your email, your password and a new code from your
            app.
          </p>
          <p>
            <Link to="/">Log in</Link>
          </p>
        </>
      ) : (
        <SetupSteps offer={offer.data} token={token} onDone={() => setDone(true)} />
      )}
    </main>
  );
}

function SetupSteps({
  offer,
  token,
  onDone,
}: {
  offer: StaffSetupOffer;
  token: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SetupForm>({ resolver: zodResolver(SetupFormSchema) });

  const onSubmit = handleSubmit(async ({ password, code }) => {
    setFailure(null);
    try {
      await staffCall('POST', '/s2c/staff/v1/setup', { token, password, code });
      onDone();
    } catch (error) {
      if (!(error instanceof StaffApiError)) {
        setFailure('The console cannot reach the server. Try again in a moment.');
      } else if (error.status === 400) {
        for (const field of ['password', 'code'] as const) {
          const message = error.fieldMessage(field);
          if (message !== undefined) setError(field, { message });
        }
      } else if (error.status === 429) {
        setFailure('Too many attempts from here. Wait a few minutes, then try again.');
      } else setFailure(staffSetupLinkDead);
    }
  });

  const copy = async () => {
    await navigator.clipboard.writeText(offer.totpSecret);
    setCopied(true);
  };

  return (
    <>
      <p>
        For <strong>{offer.email}</strong>, {offer.role}
        {offer.role === 'admin'
          ? ' (every country)'
          : ` of ${offer.countries.join(', ').toUpperCase()}`}
        .
      </p>
      <section aria-labelledby="enrol-heading">
        <h2 id="enrol-heading">1. Add the club to your authenticator app</h2>
        <p>Scan this code with any authenticator app, or type the key below into it.</p>
        <QrCode value={offer.totpUri} label="QR code of the key for your authenticator app" />
        <p className="setup-secret">
          <span id="secret-label">Key</span>{' '}
          <code aria-labelledby="secret-label" translate="no">
            {grouped(offer.totpSecret)}
          </code>{' '}
          <button type="button" className="secondary" onClick={() => void copy()}>
            Copy key
          </button>
          <span role="status" className="hint">
            {copied ? ' Copied.' : ''}
          </span>
        </p>
      </section>
      <section aria-labelledby="password-heading">
        <h2 id="password-heading">2. Choose a password and enter a code</h2>
        <form
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-describedby={failure === null ? undefined : 'setup-failure'}
        >
          <input type="hidden" autoComplete="username" value={offer.email} readOnly />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="At least 12 characters; not a common password."
            error={errors.password?.message}
            {...register('password')}
          />
          <TextField
            label="Repeat the password"
            type="password"
            autoComplete="new-password"
            error={errors.repeat?.message}
            {...register('repeat')}
          />
          <TextField
            label="Code from your authenticator app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            hint="Six digits: this proves the app shows the right codes."
            error={errors.code?.message}
            {...register('code')}
          />
          {failure !== null && (
            <p id="setup-failure" role="alert" className="form-error">
              {failure}
            </p>
          )}
          <button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
            Set up my account
          </button>
        </form>
      </section>
    </>
  );
}
