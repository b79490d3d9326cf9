import { displayName, handle } from '@devplay/shared';
import { LogOut, Settings, X } from 'lucide-react';
import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import type { Me } from '@devplay/shared';
import { Avatar } from '../../components/avatar';
import { FOOTER_LINKS } from '../../components/footer-links';
import { ThemeChoiceControl } from '../../components/theme-choice';
import { useDialogFocus } from '../../components/use-dialog-focus';
import { BalanceLink } from '../../features/money/components/balance-link';
import { paths } from '../../lib/paths';
import { LazyUserSearch } from './lazy-user-search';
import { NavList } from './nav-list';
import listStyles from './nav-list.module.css';
import styles from './nav-drawer.module.css';

interface NavDrawerProps {
  id: string;
  me: Me | null;
  onClose: () => void;
  onExit: () => void;
}

/**
 * Phones: the header's search and account entries and the desktop's side menu, in one drawer
 * over the dimmed page. Modal while open: focus stays inside, Escape closes, and focus returns to
 * the menu button.
 */
export function NavDrawer({ id, me, onClose, onExit }: NavDrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useDialogFocus(panelRef, true, onClose);

  return createPortal(
    <div className={styles.backdrop} onClick={onClose}>
      <div
        id={id}
        ref={panelRef}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        tabIndex={-1}
        // Clicks inside stay inside; only the dimmed page around closes it.
        onClick={(event) => event.stopPropagation()}
      >
        <div className={styles.top}>
          <Link to={paths.profile} className={styles.me} onClick={onClose}>
            <Avatar src={me?.avatar} alt="" size="md" />
            <span className={styles.meText}>
              <span className={styles.meName}>{me ? displayName(me) : 'Your profile'}</span>
              {me && <span className={styles.meHint}>{handle(me.username)} · View profile</span>}
            </span>
          </Link>
          <button type="button" className={styles.close} aria-label="Close menu" onClick={onClose}>
            <X size={22} aria-hidden />
          </button>
        </div>
        <BalanceLink variant="row" onNavigate={onClose} />
        <div className={styles.search}>
          <LazyUserSearch variant="inline" onNavigate={onClose} />
        </div>
        <nav aria-label="Main" className={styles.section}>
          <NavList me={me} onNavigate={onClose} />
        </nav>
        <ul className={`${listStyles.list} ${styles.section}`}>
          <li>
            <Link to={paths.settings} className={listStyles.link} onClick={onClose}>
              <Settings size={20} className={listStyles.icon} aria-hidden />
              <span className={listStyles.label}>Settings</span>
            </Link>
          </li>
          <li>
            <button type="button" className={listStyles.link} onClick={onExit}>
              <LogOut size={20} className={listStyles.icon} aria-hidden />
              <span className={listStyles.label}>Exit</span>
            </button>
          </li>
        </ul>
        <div className={styles.section}>
          <ThemeChoiceControl compact />
        </div>
        <ul className={styles.legal}>
          {FOOTER_LINKS.map(({ to, label }) => (
            <li key={to}>
              <Link to={to} onClick={onClose}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>,
    document.body,
  );
}
