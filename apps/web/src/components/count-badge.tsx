import styles from './count-badge.module.css';

const shown = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * A pill with a count; nothing at zero. Screen readers hear "3 unread" (or another `noun`: "3
 * open"), not a bare "3".
 */
export function CountBadge({
  count,
  className,
  noun = 'unread',
}: {
  count: number;
  className?: string;
  noun?: string;
}) {
  if (count <= 0) return null;
  return (
    <span className={[styles.badge, className].filter(Boolean).join(' ')}>
      <span aria-hidden="true">{shown(count)}</span>
      <span className="visually-hidden">{`${count} ${noun}`}</span>
    </span>
  );
}
