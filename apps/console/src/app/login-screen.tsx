import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  StaffLoginWireSchema,
  staffLoginFailed,
  type StaffLoginWire,
  type StaffSessionAnswer,
} from '@club/contract/staff';
import { StaffApiError, staffCall } from '../lib/staff-api';
import { usePageTitle } from '../lib/page-title';
import { useStaffSession } from '../lib/staff-session';

/** Staff log in with email, password and the six-digit code of their authenticator app. */
export function LoginScreen({ ended }: { ended: boolean }) {
  usePageTitle('Log in');
  const { signedIn } = useStaffSession();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<StaffLoginWire>({ resolver: zodResolver(StaffLoginWireSchema) });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await staffCall<StaffSessionAnswer>('POST', '/s2c/staff/v1/session', values, {
        expectUnauthorized: true,
      });
      signedIn(answer.token, answer.staff);
    } catch (error) {
      if (error instanceof StaffApiError && error.status === 401) setFailure(staffLoginFailed);
      else if (error instanceof StaffApiError && error.status === 429) {
        setFailure('Too many failed attempts. Wait a few minutes, then try again.');
      } else setFailure('The console cannot reach the server. Try again in a moment.');
    }
  });

  return (
    <main id="main" className="login">
      <h1>Staff console</h1>
      {ended && (
        <p role="status" className="notice">
          Your session ended. Log in again to go on.
        </p>
      )}
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-describedby={failure ? 'login-failure' : undefined}
      >
        <div className="field">
          <label htmlFor="email">Email</label>
          <input
            id="email"
            type="email"
            autoComplete="username"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'email-error' : undefined}
            {...register('email')}
          />
          {errors.email && (
            <p id="email-error" className="field-error">
              {errors.email.message}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="password">Password</label>
          <input
            id="password"
            type="password"
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'password-error' : undefined}
            {...register('password')}
          />
          {errors.password && (
            <p id="password-error" className="field-error">
              {errors.password.message}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="code">Code from your authenticator app</label>
          <input
            id="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-invalid={errors.code ? true : undefined}
            aria-describedby={errors.code ? 'code-error' : 'code-hint'}
            {...register('code')}
          />
          <p id="code-hint" className="hint">
            Six digits; a code works once.
          </p>
          {errors.code && (
            <p id="code-error" className="field-error">
              {errors.code.message}
            </p>
          )}
        </div>
        {failure !== null && (
          <p id="login-failure" role="alert" className="form-error">
            {failure}
          </p>
        )}
        <button type="submit" disabled={isSubmitting}>
          Log in
        </button>
      </form>
    </main>
  );
}
