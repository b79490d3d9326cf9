import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  changePasswordFormSchema,
  PROFILE_MESSAGES,
  type ChangePasswordForm as ChangePasswordValues,
} from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { TextField } from '../../../components/text-field';
import { errorField, getFormErrorMessage } from '../../../lib/error-message';
import { useChangePassword } from '../api';
import styles from './settings-card.module.css';

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** SPEC §5 password change: all three filled, new = confirmation, sign-up strength. */
export function ChangePasswordForm() {
  const headingId = useId();
  const change = useChangePassword();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setResult(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      reset(EMPTY);
      setResult({ tone: 'success', text: PROFILE_MESSAGES.passwordChanged });
    } catch (error) {
      const fallback = PROFILE_MESSAGES.errorChangingPassword;
      const text = getFormErrorMessage(error, { server: fallback, network: fallback });
      const field = errorField(error, ['currentPassword', 'newPassword'] as const);
      if (field) {
        setError(field, { type: 'server', message: text }, { shouldFocus: true });
      } else {
        setResult({ tone: 'error', text });
      }
    }
  });

  return (
    <Card aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          Change password
        </h2>
        <p className={styles.lead}>
          At least 8 characters with upper- and lowercase letters, a number and one of @$!%*?&.
        </p>
      </div>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          passwordToggle
          required
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <div className={styles.row}>
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
        </div>
        {result && <Alert tone={result.tone}>{result.text}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}
