import { LogOut, Settings } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import type { Me } from '@devplay/shared';
import { Avatar } from '../../components/avatar';
import { FOOTER_LINKS } from '../../components/footer-links';
import { SIDE_MENU_ITEMS } from './nav-items';
import styles from './mobile-menu.module.css';

interface MobileMenuProps {
  id: string;
  me: Me | null;
  onClose: () => void;
  onExit: () => void;
}

/** Phones: the header actions and the hidden left column, in one panel. */
export function MobileMenu({ id, me, onClose, onExit }: MobileMenuProps) {
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <>
      <div className={styles.backdrop} onClick={onClose} aria-hidden="true" />
      <nav id={id} ref={panelRef} className={styles.panel} aria-label="Menu">
        <Link to="/profile" className={styles.me} onClick={onClose}>
          <Avatar src={me?.avatar} alt="" size="md" />
          <span className={styles.meText}>
            <span className={styles.meName}>{me?.username ?? 'Your profile'}</span>
            <span className={styles.meHint}>View profile</span>
          </span>
        </Link>
        <div className={styles.divider} />
        <ul className={styles.list}>
          {SIDE_MENU_ITEMS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink to={to} className={styles.link} onClick={onClose}>
                <Icon size={20} className={styles.icon} aria-hidden />
                {label}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/settings" className={styles.link} onClick={onClose}>
              <Settings size={20} className={styles.icon} aria-hidden />
              Settings
            </NavLink>
          </li>
          <li>
            <button type="button" className={styles.link} onClick={onExit}>
              <LogOut size={20} className={styles.icon} aria-hidden />
              Exit
            </button>
          </li>
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
