import { useEffect, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import type { Me } from '@devplay/shared';
import { Avatar } from '../../components/avatar';
import { CountBadge } from '../../components/count-badge';
import { FOOTER_LINKS } from '../../components/footer-links';
import { BalanceLink } from '../../features/money/components/balance-link';
import { LazyUserSearch } from './lazy-user-search';
import { accountMenuFor, SIDE_MENU_ITEMS } from './nav-items';
import styles from './mobile-menu.module.css';
import { paths } from '../paths';

interface MobileMenuProps {
  id: string;
  me: Me | null;
  onClose: () => void;
  onExit: () => void;
}

/** Phones: the search, the header actions and the hidden left column, in one panel. */
export function MobileMenu({ id, me, onClose, onExit }: MobileMenuProps) {
  const panelRef = useRef<HTMLElement>(null);
  const pages = new Set(SIDE_MENU_ITEMS.map((item) => item.to));
  // Account entries that are not already pages of the side menu (Exit, Admin Panel, …).
  const account = accountMenuFor(me, { exit: onExit }).filter(
    (entry) => !entry.to || !pages.has(entry.to),
  );

  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      // The search's own Escape (closing its results) must not close the whole menu.
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <>
      <div className={styles.backdrop} onClick={onClose} aria-hidden="true" />
      <nav id={id} ref={panelRef} className={styles.panel} aria-label="Menu">
        <Link to={paths.profile} className={styles.me} onClick={onClose}>
          <Avatar src={me?.avatar} alt="" size="md" />
          <span className={styles.meText}>
            <span className={styles.meName}>{me?.username ?? 'Your profile'}</span>
            <span className={styles.meHint}>View profile</span>
          </span>
        </Link>
        <BalanceLink variant="row" onNavigate={onClose} />
        <div className={styles.search}>
          <LazyUserSearch variant="inline" onNavigate={onClose} />
        </div>
        <div className={styles.divider} />
        <ul className={styles.list}>
          {SIDE_MENU_ITEMS.map(({ to, label, icon: Icon, badge }) => (
            <li key={to}>
              <NavLink to={to} className={styles.link} onClick={onClose}>
                <Icon size={20} className={styles.icon} aria-hidden />
                {label}
                {me && badge && <CountBadge count={badge(me)} />}
              </NavLink>
            </li>
          ))}
          {account.map(({ id: entryId, to, label, icon: Icon, onSelect, badge }) => (
            <li key={entryId}>
              {to ? (
                <NavLink to={to} className={styles.link} onClick={onClose}>
                  <Icon size={20} className={styles.icon} aria-hidden />
                  {label}
                  <CountBadge count={badge ?? 0} />
                </NavLink>
              ) : (
                <button type="button" className={styles.link} onClick={onSelect}>
                  <Icon size={20} className={styles.icon} aria-hidden />
                  {label}
                </button>
              )}
            </li>
          ))}
        </ul>
        <div className={styles.divider} />
        <div className={styles.legal}>
          {FOOTER_LINKS.map(({ to, label }) => (
            <Link key={to} to={to} onClick={onClose}>
              {label}
            </Link>
          ))}
        </div>
      </nav>
    </>
  );
}
