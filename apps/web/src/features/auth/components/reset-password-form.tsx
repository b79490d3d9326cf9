import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  AUTH_MESSAGES,
  TIMINGS,
  type EmailOnlyInput,
  type ResetPasswordForm,
} from '@devplay/shared';
import { paths } from '../../../lib/paths';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { NewPasswordFields } from '../../../components/password-field';
import { clearStoredEmail, readStoredEmail } from '../../../lib/stored-email';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useResetPassword } from '../api';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { CodeField } from '../../../components/code-field';
import { EmailField } from './auth-fields';
import { useRedirectAfter } from '../use-redirect-after';
import styles from './auth-form.module.css';

type FormValues = EmailOnlyInput & ResetPasswordForm;

const FIELDS = ['email', 'code', 'newPassword'] as const;
const TEXTS = {
  server: AUTH_MESSAGES.somethingWentWrong,
  network: AUTH_MESSAGES.somethingWentWrong,
};
const validation = lazyResolver(() =>
  import('../auth-resolvers').then((m) => m.resetPasswordResolver),
);

/** SPEC §4 /reset-password: the e-mailed code and a new password, then back to sign-in. */
export function ResetPasswordForm() {
  const [storedEmail] = useState(() => readStoredEmail('reset'));
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const form = useForm<FormValues, unknown, FormValues>({
    resolver: validation.resolver,
    // Checked on submit, not on blur: an error appearing as the code field loses focus would
    // push 'Send a new one' away from the pointer between press and release.
    mode: 'onSubmit',
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
    <form
      className={styles.form}
      onSubmit={onSubmit}
      onFocus={validation.prefetch}
      noValidate
      aria-label="Reset password"
    >
      {/* Focus starts where typing starts: the address if unknown, else the code. */}
      <EmailField
        readOnly={storedEmail !== null}
        autoFocus={storedEmail === null}
        error={errors.email?.message}
        {...register('email')}
      />
      <CodeField
        label="Code"
        autoFocus={storedEmail !== null}
        error={errors.code?.message}
        {...register('code')}
      />
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
