import { SAFETY_MESSAGES } from '@devplay/shared';
import { Alert } from '../../components/alert';
import { useSession } from '../../lib/session';
import styles from './pending-approval-banner.module.css';

/**
 * A member who signed up while registrations needed approval reads everything but writes nothing
 * until an admin approves them: said once, above every page, so a refused write is no surprise.
 */
export function PendingApprovalBanner() {
  const { me } = useSession();
  // Until the e-mail is confirmed, confirming it is what the member is asked for (SPEC §4).
  if (!me?.pendingApproval || !me.isVerified || me.isAdmin) return null;
  return (
    <div className={styles.slot}>
      <Alert tone="warning">{SAFETY_MESSAGES.pendingApproval}</Alert>
    </div>
  );
}
