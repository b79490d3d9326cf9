import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AUTH_MESSAGES, TIMINGS, type VerifyInput } from '@devplay/shared';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/button';
import { clearStoredEmail, storeEmail } from '../../../lib/stored-email';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useMailPrinted, useResendCode, useVerify } from '../api';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useRedirectAfter } from '../use-redirect-after';
import { CodeField } from '../../../components/code-field';
import { EmailField } from './auth-fields';
import { SpecNotice } from './spec-notice';
import styles from './auth-form.module.css';

const FIELDS = ['email', 'code'] as const;
const TEXTS = { server: AUTH_MESSAGES.verifyFailure, network: AUTH_MESSAGES.verifyFailure };
const RESEND_TEXTS = { server: AUTH_MESSAGES.serverError, network: AUTH_MESSAGES.networkError };
// Without SMTP the server prints each mail to its terminal: whoever runs it reads the code there.
const MAIL_PRINTED =
  'This server does not send e-mail: the code appears in the terminal where the server runs.';
const validation = lazyResolver(() => import('../auth-resolvers').then((m) => m.verifyResolver));

/**
 * SPEC §4 /confirm_email: the 6-digit code for the address the page was given (`email`: the
 * member's own, or the one remembered at sign-up, read-only), or for one the visitor types.
 */
export function ConfirmEmailForm({ email }: { email: string | null }) {
  const verify = useVerify();
  const resend = useResendCode();
  const mailPrinted = useMailPrinted();
  const [verified, setVerified] = useState(false);
  const form = useForm<VerifyInput, unknown, VerifyInput>({
    resolver: validation.resolver,
    // Checked on submit, not on blur: an error appearing as the code field loses focus would
    // push 'Resend code' away from the pointer between press and release.
    mode: 'onSubmit',
    defaultValues: { email: email ?? '', code: '' },
  });
  const {
    register,
    trigger,
    getValues,
    formState: { errors },
  } = form;
  const { submit, run, notice } = useFormSubmit(form, { fields: FIELDS, texts: TEXTS });

  useRedirectAfter(verified, paths.welcome, TIMINGS.verifyRedirectMs);

  const onSubmit = submit(async (values) => {
    await verify.mutateAsync(values);
    clearStoredEmail('verification');
    // The sign-in form the member lands on next starts with this address.
    storeEmail('signIn', values.email);
    setVerified(true);
    return { tone: 'success', text: AUTH_MESSAGES.verifySuccess };
  });

  const resendCode = async () => {
    if (!(await trigger('email'))) return;
    await run(
      async () => {
        const address = getValues('email');
        const { message } = await resend.mutateAsync({ email: address });
        // The server never says whether an address has an account; for one that was just
        // signed up with (or is signed in) that caution reads as doubt, so say where it went.
        return { tone: 'info', text: email ? `We sent a new code to ${email}.` : message };
      },
      { fields: ['email'], texts: RESEND_TEXTS },
    );
  };

  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      onFocus={validation.prefetch}
      noValidate
      aria-label="Confirm email"
    >
      {/* Focus starts where typing starts: the address if unknown, else the code. */}
      <EmailField
        readOnly={email !== null}
        autoFocus={email === null}
        hint={email ? 'The address you signed up with.' : undefined}
        error={errors.email?.message}
        {...register('email')}
      />
      <CodeField
        label="Verification code"
        autoFocus={email !== null}
        error={errors.code?.message}
        {...register('code')}
      />
      {mailPrinted && <SpecNotice tone="info" text={MAIL_PRINTED} />}
      {notice && <SpecNotice tone={notice.tone} text={notice.text} />}
      <div className={styles.actions}>
        <Button type="submit" size="lg" block loading={verify.isPending} disabled={verified}>
          Confirm email
        </Button>
        <Button
          variant="secondary"
          block
          onClick={() => void resendCode()}
          loading={resend.isPending}
          disabled={verified}
        >
          Resend code
        </Button>
      </div>
    </form>
  );
}
