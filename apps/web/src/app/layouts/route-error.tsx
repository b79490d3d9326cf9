import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '../../components/button';
import { buttonClassName } from '../../components/button-styles';
import { getErrorMessage } from '../../lib/error-message';
import styles from './route-error.module.css';
import { paths } from '../../lib/paths';

/** The error boundary of a page area: the rest of the shell keeps working. */
export function RouteError() {
  const error = useRouteError();
  const text = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : getErrorMessage(error);

  return (
    <div className={styles.wrap}>
      <div className={styles.card} role="alert">
        <TriangleAlert size={32} className={styles.icon} aria-hidden />
        <h1 className={styles.title}>This part of the page failed to load</h1>
        <p className={styles.text}>{text}</p>
        <div className={styles.actions}>
          {/* A new deploy renames the lazy chunks; a reload fetches the current ones. */}
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Link to={paths.welcome} className={buttonClassName({ variant: 'secondary' })}>
            Go home
          </Link>
        </div>
      </div>
    </div>
  );
}
