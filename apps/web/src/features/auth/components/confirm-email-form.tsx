import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AUTH_MESSAGES, TIMINGS, verifyInputSchema, type VerifyInput } from '@devplay/shared';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { clearStoredEmail, readStoredEmail } from '../../../lib/stored-email';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useResendCode, useVerify } from '../api';
import { CodeField, EmailField } from './auth-fields';
import { useRedirectAfter } from '../use-redirect-after';
import styles from './auth-form.module.css';

const FIELDS = ['email', 'code'] as const;
const TEXTS = { server: AUTH_MESSAGES.verifyFailure, network: AUTH_MESSAGES.verifyFailure };
const RESEND_TEXTS = { server: AUTH_MESSAGES.serverError, network: AUTH_MESSAGES.networkError };
// The spec's verify texts start with their own ✅ / ❌, which the banner's icon would double.
const STARTS_WITH_EMOJI = /^\p{Extended_Pictographic}/u;

/** SPEC §4 /confirm_email: the 6-digit code for the e-mail remembered at sign-up, or typed. */
export function ConfirmEmailForm() {
  const [storedEmail] = useState(() => readStoredEmail('verification'));
  const verify = useVerify();
  const resend = useResendCode();
  const [verified, setVerified] = useState(false);
  const form = useForm<VerifyInput, unknown, VerifyInput>({
    resolver: zodResolver(verifyInputSchema),
    mode: 'onTouched',
    defaultValues: { email: storedEmail ?? '', code: '' },
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
    setVerified(true);
    return { tone: 'success', text: AUTH_MESSAGES.verifySuccess };
  });

  const resendCode = async () => {
    if (!(await trigger('email'))) return;
    await run(
      async () => {
        const { message } = await resend.mutateAsync({ email: getValues('email') });
        return { tone: 'info', text: message };
      },
      { fields: ['email'], texts: RESEND_TEXTS },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Confirm email">
      <EmailField
        readOnly={storedEmail !== null}
        hint={storedEmail ? 'The address you signed up with.' : undefined}
        error={errors.email?.message}
        {...register('email')}
      />
      <CodeField label="Verification code" error={errors.code?.message} {...register('code')} />
      {notice && (
        <Alert tone={notice.tone} hideIcon={STARTS_WITH_EMOJI.test(notice.text)}>
          {notice.text}
        </Alert>
      )}
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
