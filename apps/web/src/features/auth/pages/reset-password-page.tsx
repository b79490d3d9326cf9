import { zodResolver } from '@hookform/resolvers/zod';
import { LockKeyhole } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { AUTH_MESSAGES, emailSchema, resetPasswordFormSchema, TIMINGS } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { getFormErrorMessage } from '../../../lib/error-message';
import { clearStoredEmail, readStoredEmail } from '../../../lib/stored-email';
import { useResetPassword } from '../api';
import { AuthCard } from '../components/auth-card';
import formStyles from '../components/auth-form.module.css';

// The e-mail is part of the form only when none was remembered by /forgot-password.
const schema = z.object({ email: emailSchema }).and(resetPasswordFormSchema);
type FormInput = z.input<typeof schema>;
type FormOutput = z.output<typeof schema>;

type Notice = { tone: 'success' | 'error'; text: string };

export function ResetPasswordPage() {
  const [storedEmail] = useState(() => readStoredEmail('reset'));
  const reset = useResetPassword();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { email: storedEmail ?? '', code: '', newPassword: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(
      () => void navigate('/', { replace: true }),
      TIMINGS.resetRedirectMs,
    );
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = handleSubmit(async ({ email, code, newPassword }) => {
    setNotice(null);
    try {
      await reset.mutateAsync({ email, code, newPassword });
      clearStoredEmail('reset');
      setDone(true);
      setNotice({ tone: 'success', text: AUTH_MESSAGES.resetSuccess });
    } catch (error) {
      const text = getFormErrorMessage(error, {
        server: AUTH_MESSAGES.somethingWentWrong,
        network: AUTH_MESSAGES.somethingWentWrong,
      });
      setNotice({ tone: 'error', text });
    }
  });

  return (
    <AuthCard
      icon={LockKeyhole}
      title="Set a new password"
      description="Enter the code from the e-mail and choose a new password."
    >
      <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Reset password">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          readOnly={storedEmail !== null}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Code"
          placeholder="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          autoFocus
          error={errors.code?.message}
          {...register('code')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          passwordToggle
          required
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          passwordToggle
          required
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <div className={formStyles.actions}>
          <Button type="submit" size="lg" block loading={reset.isPending} disabled={done}>
            Change password
          </Button>
          <p className={formStyles.muted}>
            No code, or it expired? <Link to="/forgot-password">Send a new one</Link>
          </p>
        </div>
      </form>
    </AuthCard>
  );
}
