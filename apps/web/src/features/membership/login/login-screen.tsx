import { useEffect, useRef, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { Link } from '../../../shared/navigation/link';
import { useNavigate } from '../../../shared/navigation/navigator-router';
import { messages } from '@club/contract/validation-messages';
import { useCommonState } from '../../../shared/common-state';
import { useLayout } from '../../../shared/layout-context';
import type { PageTitle, ScreenProps } from '../../../shared/screens';
import { pagePath } from '../../../shared/paths';
import { useLogIn } from '../../../shared/user/use-session';
import { isApiError } from '../../../lib/api-error';
import { dictionaryText } from '../../../lib/dictionary';
import { useDictionary } from '../../../shared/use-dictionary';
import { postLogin } from '../api/login';
import type { FieldMessages } from '../../../shared/forms/field-messages';
import { ClubForm } from '../../../shared/forms/club-form';
import { FormAlert, SubmitButton, TextField } from '../../../shared/forms/fields';
import { loadedOnFirstCall } from '@club/contract/loaded-on-first-call';
import {
  schemaResolver,
  useFormSubmit,
  useResolvedClubForm,
} from '../../../shared/forms/use-club-form';
import type { LoginFormInput, LoginFormValues } from './login-form';
import '../../../shared/forms/forms.css';

/** The login form's rules (login-form.ts), loaded when the form first validates. */
const loginResolver: Resolver<LoginFormInput, unknown, LoginFormValues> = loadedOnFirstCall(() =>
  import('./login-form').then((module) => schemaResolver(module.LoginFormSchema)),
);

/** Statuses whose server message belongs on the number field (spec 1 §8). */
const credentialStatuses = new Set([401, 403, 429]);

/**
 * The server's message for the credentials, on the number field: 401 wrong
 * number or password, 403 email not confirmed yet (or a deleted account,
 * which can be restored), 429 too many attempts.
 */
function credentialMessages(error: unknown): FieldMessages | null {
  if (!isApiError(error) || !credentialStatuses.has(error.status)) return null;
  const data = error.data as { username?: unknown } | null;
  const message = typeof data?.username === 'string' ? data.username : undefined;
  return { number: [message ?? messages.invalidCredentials] };
}

/** The heading and, since the page is built locally, the page title (document title). */
const loginTitle: PageTitle = (dictionary) => dictionaryText(dictionary, 'login.title', 'Login');

/** The login page, built locally (no page call). A logged-in member is sent home. */
export function LoginScreen(_props: ScreenProps) {
  const layout = useLayout();
  const text = useDictionary();
  const navigate = useNavigate();
  const { user } = useCommonState();
  const logIn = useLogIn();
  const loggingIn = useRef(false);
  const [unavailable, setUnavailable] = useState(false);
  const [restorable, setRestorable] = useState(false);
  const form = useResolvedClubForm(loginResolver, { number: '', password: '' });

  useEffect(() => {
    if (user !== null && !loggingIn.current)
      void navigate(pagePath(layout, 'home'), { replace: true });
  }, [user, navigate, layout]);

  const { onSubmit, otherMessages } = useFormSubmit(
    form,
    async ({ number, password }) => {
      setUnavailable(false);
      let answer;
      setRestorable(false);
      try {
        answer = await postLogin({ username: number, password });
      } catch (error) {
        // The right password to a deleted account: its restore is offered.
        if (isApiError(error) && (error.data as { restore?: unknown } | null)?.restore === true)
          setRestorable(true);
        const credentials = credentialMessages(error);
        if (credentials) return credentials;
        if (isApiError(error) && error.status === 400) throw error;
        // Spec 1 §4: "other failure shows service unavailable and stops progress".
        setUnavailable(true);
        return;
      }
      loggingIn.current = true;
      await logIn(answer, 'home');
    },
    // Spec 1 §5: "On login, a server message for field number is moved to username" — and back.
    { rename: { username: 'number' } },
  );

  return (
    <section className="container membership" aria-labelledby="login-title">
      <h1 id="login-title">{loginTitle(layout.dictionary)}</h1>
      <ClubForm form={form} onSubmit={onSubmit}>
        <TextField
          name="number"
          label={text('form.memberNumber', 'Member number')}
          readsLeftToRight
          inputMode="numeric"
          autoComplete="username"
        />
        <TextField
          name="password"
          type="password"
          label={text('form.password', 'Password')}
          autoComplete="current-password"
        />
        <FormAlert messages={otherMessages} />
        {restorable ? (
          <p className="alert alert--info">
            <Link to={pagePath(layout, 'restore')}>
              {text('restore.title', 'Restore your account')}
            </Link>
          </p>
        ) : null}
        {unavailable ? (
          <p className="alert alert--danger" role="alert">
            {text('login.unavailable', 'Unable to login (service unavailable)')}
          </p>
        ) : null}
        <div className="membership__actions">
          <SubmitButton>{text('login.submit', 'Login')}</SubmitButton>
        </div>
      </ClubForm>
      <ul className="membership__links">
        <li>
          <Link to={pagePath(layout, 'retrieve-password')}>
            {text('login.forgotPassword', 'Forgot your password?')}
          </Link>
        </li>
        <li>
          <Link to={pagePath(layout, 'retrieve-member-number')}>
            {text('login.forgotNumber', 'Forgot your member number?')}
          </Link>
        </li>
        <li>
          <Link to={pagePath(layout, 'registration')}>{text('login.register', 'Register')}</Link>
        </li>
        {layout.doubleOpt ? (
          <li>
            <Link to={pagePath(layout, 'reconfirm')}>
              {text('login.activate', 'Activate account')}
            </Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
LoginScreen.pageTitle = loginTitle;
