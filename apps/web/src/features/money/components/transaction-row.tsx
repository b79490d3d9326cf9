import { ArrowDownLeft, ArrowUpRight, Gamepad2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  displayName,
  formatEuro,
  formatSignedEuro,
  MONEY_MESSAGES,
  type Transaction,
} from '@devplay/shared';
import { Avatar } from '../../../components/avatar';
import { formatDateTime } from '../../../lib/format-date-time';
import styles from './transaction-row.module.css';
import { paths } from '../../../lib/paths';

const APP_NAME = 'DevPlay';
const NA = MONEY_MESSAGES.notAvailable;

/**
 * Who was on the other side. Welcome credit comes from the platform itself, shown with its mark;
 * a member who has since left is 'Unknown user' (SPEC §3) and links nowhere.
 */
function counterpart({ counterparty, kind }: Transaction): { picture: ReactNode; name: ReactNode } {
  if (kind === 'welcome') {
    return {
      picture: (
        <span className={`${styles.picture} ${styles.appMark}`}>
          <Gamepad2 size={20} strokeWidth={2.25} />
        </span>
      ),
      name: <span className={styles.name}>{APP_NAME}</span>,
    };
  }
  if (!counterparty) {
    return {
      picture: <Avatar src={null} alt="" className={styles.picture} />,
      name: (
        <span className={`${styles.name} ${styles.unknown}`}>{MONEY_MESSAGES.unknownUser}</span>
      ),
    };
  }
  return {
    picture: <Avatar src={counterparty.avatar} alt="" className={styles.picture} />,
    name: (
      <Link to={paths.user(counterparty.username)} className={`${styles.name} ${styles.link}`}>
        {displayName(counterparty) || NA}
      </Link>
    ),
  };
}

/** One line of the history: incoming and outgoing differ by sign, colour and arrow. */
export function TransactionRow({ transaction }: { transaction: Transaction }) {
  const incoming = transaction.direction === 'in';
  const Arrow = incoming ? ArrowDownLeft : ArrowUpRight;
  const { picture, name } = counterpart(transaction);
  const { balanceAfter, note } = transaction;

  return (
    <div className={`${styles.row} ${incoming ? styles.in : styles.out}`}>
      <span className={styles.pictureSlot} aria-hidden="true">
        {picture}
        <span className={styles.badge}>
          <Arrow size={12} strokeWidth={3} />
        </span>
      </span>
      <p className={styles.who}>
        <span className="visually-hidden">{incoming ? 'Received from ' : 'Sent to '}</span>
        {name}
      </p>
      <p className={styles.amount}>{formatSignedEuro(transaction.amount, transaction.direction)}</p>
      <p className={styles.meta}>
        <time dateTime={transaction.trDate}>{formatDateTime(transaction.trDate) || NA}</time>
        <span>Balance after: {Number.isFinite(balanceAfter) ? formatEuro(balanceAfter) : NA}</span>
      </p>
      {note && (
        <p className={styles.note}>
          <span className="visually-hidden">Note: </span>
          {note}
        </p>
      )}
    </div>
  );
}
