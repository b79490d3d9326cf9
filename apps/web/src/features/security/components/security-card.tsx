import { useId, useState } from 'react';
import type { PasswordAndCodeInput, Security } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { getErrorMessage } from '../../../lib/error-message';
import { useDisableTotp, useRenewRecoveryCodes, useSetupTotp } from '../api';
import { SECURITY_TEXTS } from '../security-texts';
import { useFocusAfterPanel } from '../use-focus-after-panel';
import { PasskeysSection } from './passkeys-section';
import { PasswordAndCodeForm } from './password-and-code-form';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { TotpSetupPanel } from './totp-setup-panel';
import styles from './security.module.css';

/** At this many recovery codes or fewer the card urges new ones. */
const FEW_CODES_LEFT = 3;

type View =
  | { kind: 'status'; done?: string }
  | { kind: 'setup'; setup: { secret: string; otpauthUrl: string } }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'renew' }
  | { kind: 'disable' };

/** Settings → Security (`/settings#security`): the authenticator app and its recovery codes. */
export function SecurityCard({ security }: { security: Security }) {
  const headingId = useId();
  const [view, setView] = useState<View>({ kind: 'status' });
  const headingRef = useFocusAfterPanel<HTMLHeadingElement>(view.kind !== 'status');
  const setupTotp = useSetupTotp();
  const disable = useDisableTotp();
  const renew = useRenewRecoveryCodes();

  const toStatus = () => setView({ kind: 'status' });
  const startSetup = () =>
    setupTotp.mutate(undefined, { onSuccess: (setup) => setView({ kind: 'setup', setup }) });
  const turnOff = async (values: PasswordAndCodeInput) => {
    const { message } = await disable.mutateAsync(values);
    setView({ kind: 'status', done: message });
  };
  const renewCodes = async (values: PasswordAndCodeInput) => {
    const { recoveryCodes } = await renew.mutateAsync(values);
    setView({ kind: 'codes', codes: recoveryCodes });
  };

  let body;
  switch (view.kind) {
    case 'setup':
      body = (
        <TotpSetupPanel
          setup={view.setup}
          onEnabled={(codes) => setView({ kind: 'codes', codes })}
          onCancel={toStatus}
        />
      );
      break;
    case 'codes':
      body = <RecoveryCodesPanel codes={view.codes} onDone={toStatus} />;
      break;
    case 'renew':
      body = (
        <PasswordAndCodeForm
          title={SECURITY_TEXTS.newCodes}
          lead={SECURITY_TEXTS.renewLead}
          submitLabel={SECURITY_TEXTS.renewSubmit}
          failure={SECURITY_TEXTS.renewFailed}
          onSubmit={renewCodes}
          onCancel={toStatus}
        />
      );
      break;
    case 'disable':
      body = (
        <PasswordAndCodeForm
          title={SECURITY_TEXTS.turnOffTitle}
          lead={SECURITY_TEXTS.turnOffLead}
          submitLabel={SECURITY_TEXTS.turnOff}
          failure={SECURITY_TEXTS.turnOffFailed}
          confirm={{ title: SECURITY_TEXTS.turnOffQuestion, text: SECURITY_TEXTS.turnOffWarning }}
          onSubmit={turnOff}
          onCancel={toStatus}
        />
      );
      break;
    default:
      body = security.totp ? (
        <FactorsOn
          security={security}
          onRenew={() => setView({ kind: 'renew' })}
          onTurnOff={() => setView({ kind: 'disable' })}
        />
      ) : (
        <div className={styles.actions}>
          <Button onClick={startSetup} loading={setupTotp.isPending}>
            {SECURITY_TEXTS.turnOn}
          </Button>
        </div>
      );
  }

  return (
    <Card id="security" aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.title}>
          {SECURITY_TEXTS.title}
        </h2>
        <p className={styles.lead}>{SECURITY_TEXTS.lead}</p>
      </div>
      <p className={styles.state}>
        {SECURITY_TEXTS.twoFactor}{' '}
        <span className={security.totp ? styles.on : styles.off}>
          {security.totp ? SECURITY_TEXTS.on : SECURITY_TEXTS.off}
        </span>
      </p>
      {view.kind === 'status' && view.done && <Alert tone="success">{view.done}</Alert>}
      {view.kind === 'status' && setupTotp.isError && (
        <Alert tone="error">{getErrorMessage(setupTotp.error)}</Alert>
      )}
      {body}
      <PasskeysSection security={security} />
    </Card>
  );
}

interface FactorsOnProps {
  security: Security;
  onRenew: () => void;
  onTurnOff: () => void;
}

/** While the app is on: the recovery codes left, new ones, and the way to turn it off. */
function FactorsOn({ security, onRenew, onTurnOff }: FactorsOnProps) {
  const left = SECURITY_TEXTS.codesLeft(security.recoveryCodesLeft);
  return (
    <>
      {security.recoveryCodesLeft <= FEW_CODES_LEFT ? (
        <Alert tone="warning">
          <p>{left}</p>
          <p>{SECURITY_TEXTS.fewCodesLeft}</p>
        </Alert>
      ) : (
        <p className={styles.lead}>{left}</p>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onRenew}>
          {SECURITY_TEXTS.newCodes}
        </Button>
        <Button variant="danger" onClick={onTurnOff}>
          {SECURITY_TEXTS.turnOff}
        </Button>
      </div>
    </>
  );
}
