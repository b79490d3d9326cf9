import { useId, useState } from 'react';
import { PASSKEY_MESSAGES, type Passkey, type Security } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { RetryAlert } from '../../../components/retry-alert';
import { SkeletonRow } from '../../../components/skeleton';
import { browserHasPasskeys } from '../../../lib/webauthn';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../passkey-api';
import { defaultPasskeyName, PASSKEY_TEXTS } from '../passkey-texts';
import { useFocusAfterPanel } from '../use-focus-after-panel';
import { PasskeyNameForm } from './passkey-name-form';
import { PasskeyRow } from './passkey-row';
import { PasswordAndCodeForm } from './password-and-code-form';
import styles from './security.module.css';

type View =
  | { kind: 'list'; done?: string }
  | { kind: 'add' }
  | { kind: 'rename'; passkey: Passkey }
  | { kind: 'remove'; passkey: Passkey };

/** Settings → Security: the member's passkeys, to add, rename and remove. */
export function PasskeysSection({ security }: { security: Security }) {
  const headingId = useId();
  const [view, setView] = useState<View>({ kind: 'list' });
  const headingRef = useFocusAfterPanel<HTMLHeadingElement>(view.kind !== 'list');
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const supported = browserHasPasskeys();

  const toList = (done?: string) => setView({ kind: 'list', done });
  const list = passkeys.data ?? [];

  let panel = null;
  if (view.kind === 'add')
    panel = (
      <PasskeyNameForm
        title={PASSKEY_TEXTS.add}
        lead={PASSKEY_TEXTS.addLead}
        initialName={defaultPasskeyName(navigator.userAgent)}
        submitLabel={PASSKEY_TEXTS.addSubmit}
        failure={PASSKEY_TEXTS.addFailed}
        onSubmit={async (name) => {
          await add.mutateAsync(name);
          toList(PASSKEY_MESSAGES.added);
        }}
        onCancel={() => toList()}
      />
    );
  else if (view.kind === 'rename')
    panel = (
      <PasskeyNameForm
        title={PASSKEY_TEXTS.renameTitle}
        initialName={view.passkey.name}
        submitLabel={PASSKEY_TEXTS.renameSubmit}
        failure={PASSKEY_TEXTS.renameFailed}
        onSubmit={async (name) => {
          await rename.mutateAsync({ id: view.passkey.id, name });
          toList(PASSKEY_MESSAGES.renamed);
        }}
        onCancel={() => toList()}
      />
    );
  else if (view.kind === 'remove') {
    // The server asks a code for the last passkey while the app is on (API.md).
    const withCode = security.totp && list.length === 1;
    const { name, id } = view.passkey;
    panel = (
      <PasswordAndCodeForm
        title={PASSKEY_TEXTS.removeTitle}
        lead={withCode ? PASSKEY_TEXTS.removeLastLead(name) : PASSKEY_TEXTS.removeLead(name)}
        submitLabel={PASSKEY_TEXTS.remove}
        failure={PASSKEY_TEXTS.removeFailed}
        withCode={withCode}
        confirm={{ title: PASSKEY_TEXTS.removeQuestion, text: PASSKEY_TEXTS.removeWarning }}
        onSubmit={async ({ password, code }) => {
          const { message } = await remove.mutateAsync({ id, password, ...(code && { code }) });
          toList(message);
        }}
        onCancel={() => toList()}
      />
    );
  }

  return (
    <section className={styles.passkeys} aria-labelledby={headingId} aria-busy={passkeys.isPending}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className={styles.panelTitle}>
        {PASSKEY_TEXTS.title}
      </h3>
      <p className={styles.lead}>{PASSKEY_TEXTS.lead}</p>
      {view.kind === 'list' && view.done && <Alert tone="success">{view.done}</Alert>}
      {passkeys.isPending && (
        <div className={styles.devicesLoading} aria-hidden="true">
          <SkeletonRow />
        </div>
      )}
      {passkeys.isError && !passkeys.data && (
        <RetryAlert text={PASSKEY_TEXTS.loadError} onRetry={() => void passkeys.refetch()} />
      )}
      {list.length > 0 && (
        <ul className={styles.devices} aria-labelledby={headingId}>
          {list.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              onRename={() => setView({ kind: 'rename', passkey })}
              onRemove={() => setView({ kind: 'remove', passkey })}
            />
          ))}
        </ul>
      )}
      {passkeys.isSuccess && list.length === 0 && (
        <p className={styles.lead}>{PASSKEY_TEXTS.none}</p>
      )}
      {panel}
      {view.kind === 'list' &&
        (supported ? (
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setView({ kind: 'add' })}>
              {PASSKEY_TEXTS.add}
            </Button>
          </div>
        ) : (
          <p className={styles.lead}>{PASSKEY_TEXTS.unsupported}</p>
        ))}
    </section>
  );
}
