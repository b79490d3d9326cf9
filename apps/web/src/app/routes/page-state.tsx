import { Alert } from '../../components/alert';
import { Card } from '../../components/card';
import { Spinner } from '../../components/spinner';
import styles from './page-state.module.css';

export function PageLoading({ label }: { label?: string }) {
  return (
    <Card className={styles.loading}>
      <Spinner size="lg" label={label} />
    </Card>
  );
}

export function PageError({ text }: { text: string }) {
  return <Alert tone="error">{text}</Alert>;
}
