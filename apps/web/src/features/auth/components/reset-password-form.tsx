import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { AUTH_MESSAGES, emailSchema, resetPasswordFormSchema, TIMINGS } from '@devplay/shared';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { NewPasswordFields } from '../../../components/password-field';
import { clearStoredEmail, readStoredEmail } from '../../../lib/stored-email';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useResetPassword } from '../api';
import { CodeField, EmailField } from './auth-fields';
import { useRedirectAfter } from '../use-redirect-after';
import styles from './auth-form.module.css';

// The e-mail is part of the form only when none was remembered by /forgot-password.
const schema = z.object({ email: emailSchema }).and(resetPasswordFormSchema);
type FormInput = z.input<typeof schema>;
type FormOutput = z.output<typeof schema>;

const FIELDS = ['email', 'code', 'newPassword'] as const;
const TEXTS = {
  server: AUTH_MESSAGES.somethingWentWrong,
  network: AUTH_MESSAGES.somethingWentWrong,
};

/** SPEC §4 /reset-password: the e-mailed code and a new password, then back to sign-in. */
export function ResetPasswordForm() {
  const [storedEmail] = useState(() => readStoredEmail('reset'));
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { email: storedEmail ?? '', code: '', newPassword: '', confirmPassword: '' },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const { submit, busy, notice } = useFormSubmit(form, { fields: FIELDS, texts: TEXTS });

  useRedirectAfter(done, paths.welcome, TIMINGS.resetRedirectMs);

  const onSubmit = submit(async ({ email, code, newPassword }) => {
    await reset.mutateAsync({ email, code, newPassword });
    clearStoredEmail('reset');
    setDone(true);
    return { tone: 'success', text: AUTH_MESSAGES.resetSuccess };
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Reset password">
      <EmailField
        readOnly={storedEmail !== null}
        error={errors.email?.message}
        {...register('email')}
      />
      <CodeField label="Code" error={errors.code?.message} {...register('code')} />
      <NewPasswordFields
        password={{ error: errors.newPassword?.message, ...register('newPassword') }}
        confirmation={{ error: errors.confirmPassword?.message, ...register('confirmPassword') }}
      />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" size="lg" block loading={busy} disabled={done}>
          Change password
        </Button>
        <p className={styles.muted}>
          No code, or it expired? <Link to={paths.forgotPassword}>Send a new one</Link>
        </p>
      </div>
    </form>
  );
}
