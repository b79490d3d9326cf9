import { Alert } from './alert';
import { Button } from './button';
import styles from './retry-alert.module.css';

/** What failed to load, with the way to ask again: the app's one error state. */
export function RetryAlert({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <Alert tone="error">
      <span>{text}</span>
      <Button variant="secondary" size="sm" className={styles.retry} onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
