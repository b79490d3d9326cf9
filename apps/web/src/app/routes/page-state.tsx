import { Alert } from '../../components/alert';
import { Card } from '../../components/card';
import { RetryAlert } from '../../components/retry-alert';
import { Spinner } from '../../components/spinner';
import styles from './page-state.module.css';

export function PageLoading({ label }: { label?: string }) {
  return (
    <Card className={styles.loading}>
      <Spinner size="lg" label={label} />
    </Card>
  );
}

/** A page that could not be shown; with `onRetry`, one that asking again may show. */
export function PageError({ text, onRetry }: { text: string; onRetry?: () => void }) {
  return onRetry ? (
    <RetryAlert text={text} onRetry={onRetry} />
  ) : (
    <Alert tone="error">{text}</Alert>
  );
}
