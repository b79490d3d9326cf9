import { Link } from 'react-router';
import { nounFor, type Noun } from '../count-noun';
import styles from './stat-chip.module.css';

interface StatChipProps {
  count: number;
  noun: Noun;
  /** A link when the list has a page of its own (one's own subscribers); else a popup trigger. */
  to?: string;
  /** From the popup around it, when there is one. */
  popup?: { open: boolean; popupId: string };
}

/** A count with its word ('12 Subscribers', '1 Subscriber'): a link, a popup trigger, or text. */
export function StatChip({ count, noun, to, popup }: StatChipProps) {
  const content = (
    <>
      <strong className={styles.count}>{count}</strong>{' '}
      <span className={styles.label}>{nounFor(count, noun)}</span>
    </>
  );
  const popupProps = popup && {
    'aria-expanded': popup.open,
    'aria-controls': popup.open ? popup.popupId : undefined,
  };
  if (!to && !popup) return <span className={`${styles.chip} ${styles.static}`}>{content}</span>;
  if (to) {
    return (
      <Link to={to} className={styles.chip} {...popupProps}>
        {content}
      </Link>
    );
  }
  return (
    <button type="button" className={styles.chip} {...popupProps}>
      {content}
    </button>
  );
}
