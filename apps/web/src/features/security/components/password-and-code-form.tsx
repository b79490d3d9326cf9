import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { PasswordAndCodeInput } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PasswordField } from '../../../components/password-field';
import { TextField } from '../../../components/text-field';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { SECURITY_TEXTS } from '../security-texts';
import styles from './security.module.css';

const RULES = {
  withCode: lazyResolver<PasswordAndCodeInput, PasswordAndCodeInput>(() =>
    import('../security-resolvers').then((m) => m.passwordAndCodeResolver),
  ),
  passwordOnly: lazyResolver<PasswordAndCodeInput, PasswordAndCodeInput>(() =>
    import('../security-resolvers').then((m) => m.passwordOnlyResolver),
  ),
};
const EMPTY: PasswordAndCodeInput = { password: '', code: '' };

interface PasswordAndCodeFormProps {
  title: string;
  lead: string;
  submitLabel: string;
  /** Said when the server gives no words of its own. */
  failure: string;
  /** A last question before the action runs, for one that lowers the account's guard. */
  confirm?: { title: string; text: string };
  /** Off where the password alone is asked for (code stays empty). */
  withCode?: boolean;
  onSubmit: (values: PasswordAndCodeInput) => Promise<unknown>;
  onCancel: () => void;
}

/** A change a factor guards (API.md): the password and a current code, app or recovery. */
export function PasswordAndCodeForm({
  title,
  lead,
  submitLabel,
  failure,
  confirm,
  withCode = true,
  onSubmit,
  onCancel,
}: PasswordAndCodeFormProps) {
  const headingId = useId();
  const [review, setReview] = useState<PasswordAndCodeInput | null>(null);
  const rules = withCode ? RULES.withCode : RULES.passwordOnly;
  const form = useForm<PasswordAndCodeInput>({ resolver: rules.resolver, defaultValues: EMPTY });
  const {
    register,
    formState: { errors },
  } = form;
  const { run, busy, notice } = useFormSubmit(form, {
    // A code asked for without its input shown goes in the banner.
    fields: withCode ? ['password', 'code'] : ['password'],
    texts: { server: failure, network: failure },
  });

  const act = (values: PasswordAndCodeInput) =>
    run(async () => {
      try {
        await onSubmit(values);
      } finally {
        // The inputs keep what was typed on a refusal, so a retry is one correction away.
        setReview(null);
      }
    });
  const onFormSubmit = form.handleSubmit((values) => (confirm ? setReview(values) : act(values)));

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.panelTitle}>
        {title}
      </h3>
      <p className={styles.lead}>{lead}</p>
      <form className={styles.form} onSubmit={onFormSubmit} onFocus={rules.prefetch} noValidate>
        <PasswordField
          label={SECURITY_TEXTS.password}
          autoComplete="current-password"
          autoFocus
          error={errors.password?.message}
          {...register('password')}
        />
        {withCode && (
          <TextField
            label={SECURITY_TEXTS.factorCode}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
            error={errors.code?.message}
            {...register('code')}
          />
        )}
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {SECURITY_TEXTS.cancel}
          </Button>
          <Button type="submit" variant={confirm ? 'danger' : 'primary'} loading={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
      {confirm && (
        <ConfirmDialog
          open={review !== null}
          title={confirm.title}
          confirmLabel={submitLabel}
          pending={busy}
          onConfirm={() => review && void act(review)}
          onClose={() => (busy ? undefined : setReview(null))}
        >
          <p>{confirm.text}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
