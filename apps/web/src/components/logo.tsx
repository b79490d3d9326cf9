import { Gamepad2 } from 'lucide-react';
import { Link } from 'react-router';
import styles from './logo.module.css';

export function Logo({ to, className }: { to: string; className?: string }) {
  return (
    <Link to={to} className={[styles.logo, className].filter(Boolean).join(' ')}>
      <span className={styles.mark} aria-hidden="true">
        <Gamepad2 size={20} strokeWidth={2.25} />
      </span>
      <span>
        Dev<span className={styles.accent}>Play</span>
      </span>
    </Link>
  );
}
