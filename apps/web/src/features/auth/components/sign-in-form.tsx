import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { AUTH_MESSAGES, signInInputSchema, type SignInInput } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { errorField, getFormErrorMessage } from '../../../lib/error-message';
import { storeEmail } from '../../../lib/stored-email';
import { useSignIn } from '../api';
import { VerifyEmailBanner } from './verify-email-banner';
import styles from './auth-form.module.css';

const FIELDS = ['email', 'password'] as const;

export function SignInForm({ idPrefix = 'signin' }: { idPrefix?: string }) {
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  // The e-mail of a member who signed in but has not confirmed it yet.
  const [needsVerification, setNeedsVerification] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignInInput, unknown, SignInInput>({
    resolver: zodResolver(signInInputSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setNeedsVerification(null);
    try {
      const { user } = await signIn.mutateAsync(values);
      if (!user.isVerified) {
        // SPEC §4: an unverified member is told so and stays here.
        storeEmail('verification', user.email);
        setNeedsVerification(user.email);
        return;
      }
      void navigate('/home_page', { replace: true });
    } catch (error) {
      const message = getFormErrorMessage(error, {
        server: AUTH_MESSAGES.signInError,
        network: AUTH_MESSAGES.signInException,
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
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Sign in">
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
        id={`${idPrefix}-password`}
        label="Password"
        type="password"
        autoComplete="current-password"
        passwordToggle
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <div className={styles.row}>
        <Link to="/forgot-password" className={styles.link}>
          Forgot password
        </Link>
      </div>
      {formError && <Alert tone="error">{formError}</Alert>}
      {needsVerification && <VerifyEmailBanner email={needsVerification} />}
      <div className={styles.actions}>
        <Button type="submit" size="lg" block loading={signIn.isPending}>
          Sign in
        </Button>
      </div>
    </form>
  );
}
