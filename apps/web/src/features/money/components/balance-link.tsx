import { formatEuro } from '@devplay/shared';
import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { useSession } from '../../../lib/session';
import styles from './balance-link.module.css';
import { paths } from '../../../lib/paths';

interface BalanceLinkProps {
  /** `pill`: the compact header chip; `row`: a labelled menu row (mobile menu). */
  variant?: 'pill' | 'row';
  className?: string;
  /** After following the link, e.g. to close the mobile menu. */
  onNavigate?: () => void;
}

/**
 * SPEC §2 header balance, linking to /transactions. Kept tiny on purpose: it ships in the first
 * bundle, so it reads the session's profile (kept current by useLiveBalance) and nothing more.
 */
export function BalanceLink({ variant = 'pill', className, onNavigate }: BalanceLinkProps) {
  const { me } = useSession();
  const balance = me?.balance;
  // A changed balance flashes once so a receipt is noticed; a fresh mount stays calm.
  const [shown, setShown] = useState(balance);
  const [changes, setChanges] = useState(0);
  if (balance !== shown) {
    setShown(balance);
    if (shown !== undefined && balance !== undefined) setChanges((count) => count + 1);
  }
  if (balance === undefined) return null;

  return (
    <NavLink
      to={paths.transactions}
      className={[styles.link, styles[variant], className].filter(Boolean).join(' ')}
      onClick={onNavigate}
    >
      <Wallet size={variant === 'row' ? 20 : 18} className={styles.icon} aria-hidden />
      <span className={variant === 'row' ? styles.label : 'visually-hidden'}>Balance</span>{' '}
      <span
        key={changes}
        className={changes > 0 ? `${styles.amount} ${styles.flash}` : styles.amount}
      >
        {formatEuro(balance)}
      </span>
    </NavLink>
  );
}
