import { KeyRound } from 'lucide-react';
import { Suspense, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { AUTH_MESSAGES, type Me, type SignInInput, type TwoFactorChallenge } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { PasswordField } from '../../../components/password-field';
import { Spinner } from '../../../components/spinner';
import { useLandingPath } from '../../../lib/next-path';
import { clearSignedOutNotice, readSignedOutNotice } from '../../../lib/signed-out-notice';
import { clearStoredEmail, readStoredEmail, storeEmail } from '../../../lib/stored-email';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { browserHasPasskeys, passkeyFailure } from '../../../lib/webauthn';
import { useSignIn } from '../api';
import { usePasskeyAutofill, usePasskeySignIn } from '../passkey-sign-in';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { EmailField } from './auth-fields';
import { VerifyEmailBanner } from './verify-email-banner';
import styles from './auth-form.module.css';
import { paths } from '../../../lib/paths';
import { lazyNamed } from '../../../lib/lazy-named';

const FIELDS = ['email', 'password'] as const;
const TEXTS = { server: AUTH_MESSAGES.signInError, network: AUTH_MESSAGES.signInException };
// This form is on the first paint of '/': zod arrives once the visitor starts using it.
const validation = lazyResolver(() => import('../auth-resolvers').then((m) => m.signInResolver));
// Only accounts with a second factor ever see this step: its code stays off the first paint.
const SecondStepForm = lazyNamed(() => import('./second-step-form'), 'SecondStepForm');

export function SignInForm({ idPrefix = 'signin' }: { idPrefix?: string }) {
  const signIn = useSignIn();
  const navigate = useNavigate();
  const landing = useLandingPath();
  // The e-mail of a member who signed in but has not confirmed it yet.
  const [needsVerification, setNeedsVerification] = useState<string | null>(null);
  // Why the server signed this tab out (a suspension), until the member tries again.
  const [signedOut, setSignedOut] = useState(readSignedOutNotice);
  // The ticket of a password the server took, while the second step asks for a code.
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const form = useForm<SignInInput, unknown, SignInInput>({
    resolver: validation.resolver,
    // The address just confirmed, if the member came from confirming it.
    defaultValues: { email: readStoredEmail('signIn') ?? '', password: '' },
  });
  const {
    register,
    setFocus,
    formState: { errors },
  } = form;
  const { submit, busy, notice, setNotice } = useFormSubmit(form, {
    fields: FIELDS,
    texts: TEXTS,
  });

  // Where a session leads, whichever step started it.
  const finish = (user: Me) => {
    if (!user.isVerified) {
      // SPEC §4: an unverified member is told so and stays here.
      storeEmail('verification', user.email);
      setNeedsVerification(user.email);
      setChallenge(null);
      return;
    }
    clearStoredEmail('signIn');
    void navigate(landing, { replace: true });
  };

  const backToPassword = (reason?: string) => {
    // Drawn at once, so focus lands in a password input that is visible again.
    flushSync(() => {
      setChallenge(null);
      setNotice(reason ? { tone: 'error', text: reason } : null);
    });
    setFocus('password');
  };

  const clearNotices = () => {
    setNeedsVerification(null);
    setSignedOut(null);
    clearSignedOutNotice();
  };
  const onSubmit = submit(async (values) => {
    clearNotices();
    const answer = await signIn.mutateAsync(values);
    if ('twoFactorRequired' in answer) setChallenge(answer);
    else finish(answer.user);
  });

  // Passkeys: suggested quietly in the e-mail input, or asked for by the button's dialog.
  const passkeys = browserHasPasskeys();
  const passkeySignIn = usePasskeySignIn();
  const passkeyRefused = (error: unknown) =>
    setNotice({ tone: 'error', text: passkeyFailure(error, TEXTS) });
  const askQuietlyAgain = usePasskeyAutofill(passkeys && challenge === null, {
    onSignedIn: finish,
    onFailed: passkeyRefused,
  });
  const signInWithPasskey = async () => {
    clearNotices();
    setNotice(null);
    try {
      finish(await passkeySignIn.mutateAsync(undefined));
    } catch (error) {
      passkeyRefused(error);
      askQuietlyAgain();
    }
  };

  return (
    <>
      <form
        className={styles.form}
        onSubmit={onSubmit}
        onFocus={validation.prefetch}
        noValidate
        aria-label="Sign in"
        hidden={challenge !== null}
      >
        {signedOut && <Alert tone="error">{signedOut}</Alert>}
        <EmailField
          id={`${idPrefix}-email`}
          passkeys={passkeys}
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          id={`${idPrefix}-password`}
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className={styles.row}>
          <Link to={paths.forgotPassword} className={styles.link}>
            Forgot password
          </Link>
        </div>
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {needsVerification && <VerifyEmailBanner email={needsVerification} />}
        <div className={styles.actions}>
          <Button type="submit" size="lg" block loading={busy}>
            Sign in
          </Button>
          {passkeys && (
            <Button
              variant="secondary"
              size="lg"
              block
              loading={passkeySignIn.isPending}
              onClick={() => void signInWithPasskey()}
            >
              <KeyRound size={18} aria-hidden />
              Sign in with a passkey
            </Button>
          )}
        </div>
      </form>
      {challenge && (
        <Suspense fallback={<Spinner />}>
          <SecondStepForm
            challenge={challenge}
            email={form.getValues('email')}
            idPrefix={idPrefix}
            onSignedIn={finish}
            onRestart={backToPassword}
          />
        </Suspense>
      )}
    </>
  );
}
