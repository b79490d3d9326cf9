import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { CountBadge } from './count-badge';
import styles from './icon-count-link.module.css';

interface IconCountLinkProps {
  to: string;
  label: string;
  icon: LucideIcon;
  count: number;
  /** Said politely whenever it changes (an aria-live region beside the link), when given. */
  announcement?: string;
  className?: string;
}

/** A header icon linking to a page, with a live count on its corner (messages, notifications). */
export function IconCountLink({
  to,
  label,
  icon: Icon,
  count,
  announcement,
  className,
}: IconCountLinkProps) {
  return (
    <>
      <NavLink
        to={to}
        className={[styles.navLink, className].filter(Boolean).join(' ')}
        // The label carries the count, so the badge inside is only seen, not read.
        aria-label={count > 0 ? `${label}, ${count} unread` : label}
        title={label}
      >
        <Icon size={20} aria-hidden />
        <CountBadge count={count} className={styles.corner} />
      </NavLink>
      {announcement !== undefined && (
        <span className="visually-hidden" aria-live="polite">
          {announcement}
        </span>
      )}
    </>
  );
}
