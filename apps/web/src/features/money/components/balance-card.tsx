import { Wallet } from 'lucide-react';
import { useId } from 'react';
import { formatEuro, MONEY_MESSAGES } from '@devplay/shared';
import { Card } from '../../../components/card';
import { useSession } from '../../../lib/session';
import styles from './balance-card.module.css';

/** The member's balance, big; the same cached profile the header reads, so both always agree. */
export function BalanceCard() {
  const headingId = useId();
  const { me } = useSession();
  return (
    <Card className={styles.card} aria-labelledby={headingId}>
      <span className={styles.icon} aria-hidden="true">
        <Wallet size={28} />
      </span>
      <div className={styles.text}>
        <h2 id={headingId} className={styles.label}>
          Your balance
        </h2>
        <p className={styles.amount}>{me ? formatEuro(me.balance) : MONEY_MESSAGES.notAvailable}</p>
      </div>
    </Card>
  );
}
