import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { PASSKEY } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { ApiRequestError } from '../../../lib/api-client';
import { formProblem } from '../../../lib/error-message';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { passkeyFailure } from '../../../lib/webauthn';
import { PASSKEY_TEXTS } from '../passkey-texts';
import styles from './security.module.css';

interface NameValues {
  name: string;
}

const rules = lazyResolver<NameValues, NameValues>(() =>
  import('../security-resolvers').then((m) => m.passkeyNameResolver),
);
const FIELDS = ['name'] as const;

interface PasskeyNameFormProps {
  title: string;
  lead?: string;
  initialName: string;
  submitLabel: string;
  /** Said when neither the server nor the browser gives words of their own. */
  failure: string;
  onSubmit: (name: string) => Promise<unknown>;
  onCancel: () => void;
}

/** A passkey's name: asked before a new one is made, and to rename one. */
export function PasskeyNameForm({
  title,
  lead,
  initialName,
  submitLabel,
  failure,
  onSubmit,
  onCancel,
}: PasskeyNameFormProps) {
  const headingId = useId();
  const form = useForm<NameValues>({
    resolver: rules.resolver,
    defaultValues: { name: initialName },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const texts = { server: failure, network: failure };
  const { submit, busy, notice } = useFormSubmit(form, {
    // The server's refusals name their input; the browser's failures are the banner's.
    problem: (error) =>
      error instanceof ApiRequestError
        ? formProblem(error, FIELDS, texts)
        : { banner: passkeyFailure(error, texts) },
  });

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.panelTitle}>
        {title}
      </h3>
      {lead && <p className={styles.lead}>{lead}</p>}
      <form
        className={styles.form}
        onSubmit={submit(async ({ name }) => {
          await onSubmit(name);
        })}
        onFocus={rules.prefetch}
        noValidate
      >
        <TextField
          label={PASSKEY_TEXTS.name}
          hint={PASSKEY_TEXTS.nameHint}
          autoComplete="off"
          maxLength={PASSKEY.nameMax}
          autoFocus
          required
          error={errors.name?.message}
          {...register('name')}
        />
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {PASSKEY_TEXTS.cancel}
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </section>
  );
}
