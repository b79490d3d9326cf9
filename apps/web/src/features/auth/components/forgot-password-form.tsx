import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES, type EmailOnlyInput } from '@devplay/shared';
import { paths } from '../../../lib/paths';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { useToast } from '../../../components/toast-context';
import { readStoredEmail, storeEmail } from '../../../lib/stored-email';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useForgotPassword } from '../api';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { EmailField } from './auth-fields';
import styles from './auth-form.module.css';

const FIELDS = ['email'] as const;
const TEXTS = {
  server: AUTH_MESSAGES.somethingWentWrong,
  network: AUTH_MESSAGES.somethingWentWrong,
};
const validation = lazyResolver(() => import('../auth-resolvers').then((m) => m.emailOnlyResolver));

/** SPEC §4 /forgot-password: asks for a code, then opens /reset-password with the e-mail kept. */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const navigate = useNavigate();
  const toast = useToast();
  const form = useForm<EmailOnlyInput, unknown, EmailOnlyInput>({
    resolver: validation.resolver,
    defaultValues: { email: readStoredEmail('reset') ?? '' },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const { submit, busy, notice } = useFormSubmit(form, { fields: FIELDS, texts: TEXTS });

  const onSubmit = submit(async ({ email }) => {
    const { message } = await forgot.mutateAsync({ email });
    storeEmail('reset', email);
    // A toast, because the server's message must still be readable on the next screen.
    toast.show(message, 'info');
    void navigate(paths.resetPassword);
  });

  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      onFocus={validation.prefetch}
      noValidate
      aria-label="Forgot password"
    >
      <EmailField autoFocus error={errors.email?.message} {...register('email')} />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" size="lg" block loading={busy}>
          Send code
        </Button>
      </div>
    </form>
  );
}
