import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { useId } from 'react';
import type { Session } from '@devplay/shared';
import { Button } from '../../../components/button';
import { formatDateTime } from '../../../lib/format-date-time';
import { DEVICE_TEXTS } from '../device-texts';
import { timeAgo } from '../time-ago';
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
  const nameId = useId();
  const name = DEVICE_TEXTS.name(session);
  return (
    <li className={styles.device} aria-labelledby={nameId}>
      <span className={styles.deviceIcon}>
        <DeviceIcon os={session.os} />
      </span>
      <div className={styles.deviceAbout}>
        <p className={styles.deviceName}>
          <span id={nameId}>{name}</span>
          {session.current && <span className={styles.badge}>{DEVICE_TEXTS.thisDevice}</span>}
        </p>
        <p className={styles.lead}>
          <span className={styles.deviceWhen}>
            {DEVICE_TEXTS.signedIn}{' '}
            <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>
          </span>
          {' · '}
          <span className={styles.deviceWhen}>
            {DEVICE_TEXTS.lastActive}{' '}
            <time dateTime={session.lastSeenAt}>{timeAgo(session.lastSeenAt)}</time>
          </span>
        </p>
        <p className={styles.lead}>
          {DEVICE_TEXTS.address} {session.ip}
        </p>
      </div>
      {onSignOut && (
        <Button variant="secondary" size="sm" className={styles.deviceEnd} onClick={onSignOut}>
          {DEVICE_TEXTS.signOut} <span className="visually-hidden">{name}</span>
        </Button>
      )}
    </li>
  );
}
