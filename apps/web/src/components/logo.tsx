import { Gamepad2 } from 'lucide-react';
import { Link } from 'react-router';
import styles from './logo.module.css';

/** The brand mark; a link when `to` is given (not while the e-mail is unconfirmed). */
export function Logo({ to, className }: { to?: string; className?: string }) {
  const classes = [styles.logo, className].filter(Boolean).join(' ');
  const content = (
    <>
      <span className={styles.mark} aria-hidden="true">
        <Gamepad2 size={20} strokeWidth={2.25} />
      </span>
      <span>
        Dev<span className={styles.accent}>Play</span>
      </span>
    </>
  );
  if (!to) return <span className={classes}>{content}</span>;
  return (
    <Link to={to} className={classes}>
      {content}
    </Link>
  );
}
