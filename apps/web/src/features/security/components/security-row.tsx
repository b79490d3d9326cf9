import { useId, type ReactNode } from 'react';
import styles from './security.module.css';

interface SecurityRowProps {
  icon: ReactNode;
  name: string;
  /** Beside the name ("This device"). */
  badge?: ReactNode;
  /** The lines under the name. */
  children: ReactNode;
  /** Its buttons, which wrap under the text where room runs out. */
  actions?: ReactNode;
}

/** One row of the Security settings' lists (devices, passkeys), named by its name. */
export function SecurityRow({ icon, name, badge, children, actions }: SecurityRowProps) {
  const nameId = useId();
  return (
    <li className={styles.device} aria-labelledby={nameId}>
      <span className={styles.deviceIcon}>{icon}</span>
      <div className={styles.deviceAbout}>
        <p className={styles.deviceName}>
          <span id={nameId}>{name}</span>
          {badge}
        </p>
        {children}
      </div>
      {actions && <div className={styles.deviceEnd}>{actions}</div>}
    </li>
  );
}

/** "Signed in 3 May, 10:04": a moment and its label, never broken across lines. */
export function Moment({ label, iso, shown }: { label: string; iso: string; shown: string }) {
  return (
    <span className={styles.deviceWhen}>
      {label} <time dateTime={iso}>{shown}</time>
    </span>
  );
}
