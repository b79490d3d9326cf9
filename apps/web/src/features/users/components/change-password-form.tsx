import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { PROFILE_MESSAGES, type ChangePasswordForm as ChangePasswordValues } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { NewPasswordFields, PasswordField } from '../../../components/password-field';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useChangePassword } from '../api';
import { lazyResolver } from '../../../lib/lazy-resolver';
import styles from './settings-card.module.css';

const rules = lazyResolver<ChangePasswordValues, ChangePasswordValues>(() =>
  import('../settings-form-rules').then((module) => module.passwordResolver),
);

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const NAMES = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const FIELDS = ['currentPassword', 'newPassword'] as const;
const TEXTS = {
  server: PROFILE_MESSAGES.errorChangingPassword,
  network: PROFILE_MESSAGES.errorChangingPassword,
};

/** SPEC §5 password change: all three filled, new = confirmation, sign-up strength. */
export function ChangePasswordForm() {
  const headingId = useId();
  const change = useChangePassword();
  const form = useForm<ChangePasswordValues>({
    resolver: rules.resolver,
    defaultValues: EMPTY,
  });
  const {
    register,
    reset,
    formState: { errors },
  } = form;
  const { submit, busy, notice, setNotice } = useFormSubmit(form, { fields: FIELDS, texts: TEXTS });

  // SPEC §5's 'Fill in all password fields' speaks for the three at once: it is said under the
  // first empty one only, and the others are marked invalid without saying it again.
  const firstEmpty = NAMES.find(
    (name) => errors[name]?.message === PROFILE_MESSAGES.fillAllPasswordFields,
  );
  const errorOf = (name: (typeof NAMES)[number]) => {
    const message = errors[name]?.message;
    return message === PROFILE_MESSAGES.fillAllPasswordFields && name !== firstEmpty
      ? { 'aria-invalid': true as const }
      : { error: message };
  };

  const onSubmit = submit(async ({ currentPassword, newPassword }) => {
    await change.mutateAsync({ currentPassword, newPassword });
    reset(EMPTY);
    return { tone: 'success', text: PROFILE_MESSAGES.passwordChanged };
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
      <form
        className={styles.form}
        onSubmit={onSubmit}
        onFocus={rules.prefetch}
        // 'Password changed successfully' belongs to the change it followed, not the next one.
        onChange={() => notice?.tone === 'success' && setNotice(null)}
        noValidate
        aria-labelledby={headingId}
      >
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...errorOf('currentPassword')}
          {...register('currentPassword')}
        />
        <div className={styles.row}>
          <NewPasswordFields
            password={{ ...errorOf('newPassword'), ...register('newPassword') }}
            confirmation={{ ...errorOf('confirmPassword'), ...register('confirmPassword') }}
          />
        </div>
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" loading={busy}>
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}
