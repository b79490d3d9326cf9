import { KeyRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import styles from './auth-form.module.css';

interface PasskeyStepProps {
  pending: boolean;
  /** Why the last try failed, in words for the member. */
  failure: string | null;
  onStart: () => void;
}

/** The second step with a passkey: one button that opens the browser's passkey dialog. */
export function PasskeyStep({ pending, failure, onStart }: PasskeyStepProps) {
  const button = useRef<HTMLButtonElement>(null);
  // The button waits disabled while the browser asks, and so loses the focus: it gets it back.
  useEffect(() => {
    if (!pending) button.current?.focus();
  }, [pending, failure]);

  return (
    <div className={styles.form}>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className={styles.actions}>
        <Button ref={button} size="lg" block loading={pending} onClick={onStart}>
          <KeyRound size={18} aria-hidden />
          Use a passkey
        </Button>
      </div>
    </div>
  );
}
