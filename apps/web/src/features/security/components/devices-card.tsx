import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RetryAlert } from '../../../components/retry-alert';
import { SkeletonRow } from '../../../components/skeleton';
import { ApiRequestError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/error-message';
import { useDevices, useSignOutDevices, type DeviceTarget } from '../api';
import { DEVICE_TEXTS } from '../device-texts';
import { DeviceRow } from './device-row';
import styles from './security.module.css';

type Outcome = { tone: 'success' | 'info'; text: string };

/** The device was signed out already (elsewhere, or it expired): what was asked for is true. */
const isGone = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

const questionFor = (target: DeviceTarget) =>
  target === 'others'
    ? { target, title: DEVICE_TEXTS.othersQuestion, text: DEVICE_TEXTS.othersWarning }
    : {
        target,
        title: DEVICE_TEXTS.signOutQuestion(DEVICE_TEXTS.name(target)),
        text: DEVICE_TEXTS.signOutWarning,
      };

/** Settings: the browsers signed in to the account, each but this one to sign out from here. */
export function DevicesCard() {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const devices = useDevices();
  const signOut = useSignOutDevices();
  const [asking, setAsking] = useState<DeviceTarget | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // The button that opened the question leaves with its row: the card's title takes the focus.
  useEffect(() => {
    if (outcome) headingRef.current?.focus();
  }, [outcome]);

  const ask = (target: DeviceTarget) => {
    signOut.reset();
    setOutcome(null);
    setAsking(target);
  };
  const finish = (done: Outcome) => {
    setAsking(null);
    setOutcome(done);
  };
  const confirm = async (target: DeviceTarget) => {
    try {
      const { message } = await signOut.mutateAsync(target);
      finish({ tone: 'success', text: message });
    } catch (error) {
      // Any other failure is said in the dialog (its `error`), to try again or cancel there.
      if (isGone(error)) finish({ tone: 'info', text: getErrorMessage(error) });
    }
  };

  const sessions = devices.data ?? [];
  const current = sessions.filter((session) => session.current);
  const others = sessions.filter((session) => !session.current);
  const question = asking && questionFor(asking);

  return (
    <Card aria-labelledby={headingId} aria-busy={devices.isPending}>
      <div className={styles.head}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.title}>
          {DEVICE_TEXTS.title}
        </h2>
        <p className={styles.lead}>{DEVICE_TEXTS.lead}</p>
      </div>
      {outcome && (
        <Alert tone={outcome.tone} className={styles.deviceOutcome}>
          {outcome.text}
        </Alert>
      )}
      {devices.isPending && (
        <div className={styles.devicesLoading} aria-hidden="true">
          <SkeletonRow />
          <SkeletonRow />
        </div>
      )}
      {devices.isError && !devices.data && (
        <RetryAlert text={DEVICE_TEXTS.loadError} onRetry={() => void devices.refetch()} />
      )}
      {sessions.length > 0 && (
        <ul className={styles.devices} aria-labelledby={headingId}>
          {/* This device first, then the others as the server orders them, seen last first. */}
          {[...current, ...others].map((session) => (
            <DeviceRow
              key={session.id}
              session={session}
              onSignOut={session.current ? undefined : () => ask(session)}
            />
          ))}
        </ul>
      )}
      {devices.isSuccess && others.length === 0 && (
        <p className={styles.lead}>{DEVICE_TEXTS.noOthers}</p>
      )}
      {others.length > 0 && (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => ask('others')}>
            {DEVICE_TEXTS.signOutOthers}
          </Button>
        </div>
      )}
      {question && (
        <ConfirmDialog
          open
          title={question.title}
          confirmLabel={DEVICE_TEXTS.signOut}
          pending={signOut.isPending}
          error={signOut.error}
          onConfirm={() => void confirm(question.target)}
          onClose={() => (signOut.isPending ? undefined : setAsking(null))}
        >
          <p>{question.text}</p>
        </ConfirmDialog>
      )}
    </Card>
  );
}
