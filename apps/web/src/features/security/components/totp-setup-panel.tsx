import { Copy } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { CodeField } from '../../../components/code-field';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useEnableTotp } from '../api';
import { SECURITY_TEXTS } from '../security-texts';
import { useCopyText } from '../../../components/use-copy-text';
import { useFocusOnMount } from '../use-focus-on-mount';
import { QrCode } from './qr-code';
import styles from './security.module.css';

interface CodeValues {
  code: string;
}

const rules = lazyResolver<CodeValues, CodeValues>(() =>
  import('../security-resolvers').then((m) => m.enableCodeResolver),
);
const FIELDS = ['code'] as const;
const TEXTS = { server: SECURITY_TEXTS.turnOnFailed, network: SECURITY_TEXTS.turnOnFailed };

/** Apps show the key as typed by hand most easily: in groups of four. */
const inFours = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

interface TotpSetupPanelProps {
  setup: { secret: string; otpauthUrl: string };
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** Turning the app on: scan (or type) the secret, then prove it with the app's first code. */
export function TotpSetupPanel({ setup, onEnabled, onCancel }: TotpSetupPanelProps) {
  const headingId = useId();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const enable = useEnableTotp();
  const copyText = useCopyText();
  const form = useForm<CodeValues>({ resolver: rules.resolver, defaultValues: { code: '' } });
  const {
    register,
    formState: { errors },
  } = form;
  const { submit, busy, notice } = useFormSubmit(form, { fields: FIELDS, texts: TEXTS });

  const onSubmit = submit(async ({ code }) => {
    const { recoveryCodes } = await enable.mutateAsync(code);
    onEnabled(recoveryCodes);
  });

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className={styles.panelTitle}>
        {SECURITY_TEXTS.setupTitle}
      </h3>
      <p className={styles.lead}>{SECURITY_TEXTS.setupSteps}</p>
      <div className={styles.setup}>
        <QrCode value={setup.otpauthUrl} />
        <div className={styles.key}>
          <p className={styles.lead}>{SECURITY_TEXTS.setupKeyHint}</p>
          <dl className={styles.keyBox}>
            <dt className={styles.keyLabel}>{SECURITY_TEXTS.setupKey}</dt>
            <dd>
              <code className={styles.secret}>{inFours(setup.secret)}</code>
            </dd>
          </dl>
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              void copyText(setup.secret, {
                copied: SECURITY_TEXTS.keyCopied,
                blocked: SECURITY_TEXTS.copyBlocked,
              })
            }
          >
            <Copy size={16} aria-hidden />
            {SECURITY_TEXTS.copy}
          </Button>
        </div>
      </div>
      <form className={styles.form} onSubmit={onSubmit} onFocus={rules.prefetch} noValidate>
        <CodeField
          label={SECURITY_TEXTS.appCode}
          error={errors.code?.message}
          {...register('code')}
        />
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {SECURITY_TEXTS.cancel}
          </Button>
          <Button type="submit" loading={busy}>
            {SECURITY_TEXTS.confirm}
          </Button>
        </div>
      </form>
    </section>
  );
}
