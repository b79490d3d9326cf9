import { Gamepad2, House } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/button-styles';
import styles from './not-found-page.module.css';
import { paths } from '../../lib/paths';

export function NotFoundPage() {
  return (
    <div className={styles.page}>
      <title>Page not found · DevPlay</title>
      <div className={styles.code} aria-hidden="true">
        <span className={`${styles.digit} ${styles.first}`}>4</span>
        <span className={styles.zero}>
          <Gamepad2 className={styles.pad} strokeWidth={1.75} />
        </span>
        <span className={`${styles.digit} ${styles.last}`}>4</span>
      </div>
      <h1 className={styles.title}>Sorry! Page not found</h1>
      <p className={styles.text}>
        This level does not exist. The link may be broken or the page may have moved.
      </p>
      <Link to={paths.welcome} className={buttonClassName({ size: 'lg' })}>
        <House size={18} aria-hidden />
        Back to home
      </Link>
    </div>
  );
}
