import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES, signUpInputSchema, type SignUpInput } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast-context';
import { errorField, getFormErrorMessage } from '../../../lib/error-message';
import { storeEmail } from '../../../lib/stored-email';
import { useSignUp } from '../api';
import styles from './auth-form.module.css';

const FIELDS = ['email', 'username', 'password', 'confirm_password'] as const;

export function SignUpForm({ idPrefix = 'signup' }: { idPrefix?: string }) {
  const signUp = useSignUp();
  const navigate = useNavigate();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignUpInput, unknown, SignUpInput>({
    resolver: zodResolver(signUpInputSchema),
    mode: 'onTouched',
    defaultValues: { email: '', username: '', password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await signUp.mutateAsync(values);
      // SPEC §4: the e-mail waits in storage for /confirm_email.
      storeEmail('verification', values.email);
      toast.show(AUTH_MESSAGES.signUpSuccess, 'success');
      void navigate('/confirm_email');
    } catch (error) {
      const message = getFormErrorMessage(error, {
        server: AUTH_MESSAGES.signUpError,
        network: AUTH_MESSAGES.networkError,
      });
      const field = errorField(error, FIELDS);
      if (field) {
        setError(field, { type: 'server', message }, { shouldFocus: true });
      } else {
        setFormError(message);
      }
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Sign up">
      <TextField
        id={`${idPrefix}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id={`${idPrefix}-username`}
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        id={`${idPrefix}-password`}
        label="Password"
        type="password"
        autoComplete="new-password"
        passwordToggle
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        id={`${idPrefix}-confirm-password`}
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        passwordToggle
        required
        error={errors.confirm_password?.message}
        {...register('confirm_password')}
      />
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" size="lg" block loading={signUp.isPending}>
          Sign up
        </Button>
      </div>
    </form>
  );
}
