import { Spinner } from '../../components/spinner';
import styles from './splash.module.css';

/** Shown while the start-up refresh decides whether a session exists. */
export function Splash() {
  return (
    <div className={styles.splash}>
      <Spinner size="lg" label="Loading DevPlay..." />
    </div>
  );
}
