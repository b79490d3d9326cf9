import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES, emailOnlyInputSchema, type EmailOnlyInput } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast-context';
import { getFormErrorMessage } from '../../../lib/error-message';
import { readStoredEmail, storeEmail } from '../../../lib/stored-email';
import { useForgotPassword } from '../api';
import { AuthCard } from '../components/auth-card';
import formStyles from '../components/auth-form.module.css';

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const navigate = useNavigate();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EmailOnlyInput, unknown, EmailOnlyInput>({
    resolver: zodResolver(emailOnlyInputSchema),
    mode: 'onTouched',
    defaultValues: { email: readStoredEmail('reset') ?? '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      const { message } = await forgot.mutateAsync({ email });
      storeEmail('reset', email);
      // A toast, because the server's message must still be readable on the next screen.
      toast.show(message, 'info');
      void navigate('/reset-password');
    } catch (error) {
      setFormError(
        getFormErrorMessage(error, {
          server: AUTH_MESSAGES.somethingWentWrong,
          network: AUTH_MESSAGES.somethingWentWrong,
        }),
      );
    }
  });

  return (
    <AuthCard
      icon={KeyRound}
      title="Forgot password"
      description="Enter the e-mail you signed up with and we will send you a code to set a new password."
    >
      <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Forgot password">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          autoFocus
          error={errors.email?.message}
          {...register('email')}
        />
        {formError && <Alert tone="error">{formError}</Alert>}
        <div className={formStyles.actions}>
          <Button type="submit" size="lg" block loading={forgot.isPending}>
            Send code
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
