import { Monitor, Smartphone, Tablet } from 'lucide-react';
import type { Session } from '@devplay/shared';
import { Button } from '../../../components/button';
import { formatDateTime } from '../../../lib/format-date-time';
import { DEVICE_TEXTS } from '../device-texts';
import { timeAgo } from '../time-ago';
import { Moment, SecurityRow } from './security-row';
import styles from './security.module.css';

/** The server names only the system, so the kind of device is a guess from it. */
function DeviceIcon({ os }: { os: string }) {
  if (/ipad|tablet/i.test(os)) return <Tablet size={20} aria-hidden />;
  if (/ios|android|windows phone/i.test(os)) return <Smartphone size={20} aria-hidden />;
  return <Monitor size={20} aria-hidden />;
}

interface DeviceRowProps {
  session: Session;
  /** Absent for this device: it is signed out by Exit, like any other time. */
  onSignOut?: () => void;
}

/** One signed-in browser: what it is, since when, when it was last active, and from where. */
export function DeviceRow({ session, onSignOut }: DeviceRowProps) {
  const name = DEVICE_TEXTS.name(session);
  return (
    <SecurityRow
      icon={<DeviceIcon os={session.os} />}
      name={name}
      badge={session.current && <span className={styles.badge}>{DEVICE_TEXTS.thisDevice}</span>}
      actions={
        onSignOut && (
          <Button variant="secondary" size="sm" onClick={onSignOut}>
            {DEVICE_TEXTS.signOut} <span className="visually-hidden">{name}</span>
          </Button>
        )
      }
    >
      <p className={styles.lead}>
        <Moment
          label={DEVICE_TEXTS.signedIn}
          iso={session.createdAt}
          shown={formatDateTime(session.createdAt)}
        />
        {' · '}
        <Moment
          label={DEVICE_TEXTS.lastActive}
          iso={session.lastSeenAt}
          shown={timeAgo(session.lastSeenAt)}
        />
      </p>
      <p className={styles.lead}>
        {DEVICE_TEXTS.address} {session.ip}
      </p>
    </SecurityRow>
  );
}
