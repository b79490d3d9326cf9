import { Link } from 'react-router';
import { AUTH_MESSAGES } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { storeEmail } from '../../../lib/stored-email';
import styles from './auth-form.module.css';
import { paths } from '../../../lib/paths';

/** SPEC §6: unverified members are told to confirm their e-mail, calmly, wherever they land. */
export function VerifyEmailBanner({ email }: { email: string }) {
  return (
    <Alert tone="warning">
      <span>{AUTH_MESSAGES.confirmEmail}</span>
      <Link
        to={paths.confirmEmail}
        className={styles.link}
        onClick={() => storeEmail('verification', email)}
      >
        Confirm email
      </Link>
    </Alert>
  );
}
