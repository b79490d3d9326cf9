import { LogOut, Menu, Settings, X } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Avatar } from '../../components/avatar';
import { Logo } from '../../components/logo';
import { useSession } from '../../lib/session';
import { useLiveBalance } from '../../features/money/api';
import { BalanceLink } from '../../features/money/components/balance-link';
import { MessagesNavLink } from '../../features/messages/components/messages-nav-link';
import { ExitDialog } from './exit-dialog';
import { LazyUserSearch } from './lazy-user-search';
import { MobileMenu } from './mobile-menu';
import styles from './top-nav.module.css';
import { paths } from '../paths';

const MOBILE_MENU_ID = 'mobile-menu';

export function TopNav() {
  const { me } = useSession();
  const [exitOpen, setExitOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // The header lives as long as the session, so it keeps the balance current for every page.
  useLiveBalance();

  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    menuButtonRef.current?.focus();
  }, []);

  const openExit = () => {
    setMenuOpen(false);
    setExitOpen(true);
  };

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Logo to={paths.home} />
        {/* On phones the search lives in the mobile menu, where it has the full width. */}
        <div className={`${styles.searchSlot} ${styles.desktopOnly}`}>
          <LazyUserSearch />
        </div>
        <nav className={`${styles.actions} ${styles.desktopOnly}`} aria-label="Account">
          <BalanceLink className={styles.balance} />
          <MessagesNavLink />
          <NavLink to={paths.settings} className={styles.navLink}>
            <Settings size={18} aria-hidden />
            Settings
          </NavLink>
          <button type="button" className={styles.navLink} onClick={openExit}>
            <LogOut size={18} aria-hidden />
            Exit
          </button>
          <Link to={paths.profile} className={styles.avatarLink} aria-label="Your profile">
            <Avatar src={me?.avatar} alt="" size="sm" />
          </Link>
        </nav>
        {/* Phones see the unread count without opening the menu. */}
        <MessagesNavLink className={styles.mobileOnly} />
        <button
          ref={menuButtonRef}
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          aria-label="Menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X size={22} aria-hidden /> : <Menu size={22} aria-hidden />}
        </button>
      </div>
      {menuOpen && <MobileMenu id={MOBILE_MENU_ID} me={me} onClose={closeMenu} onExit={openExit} />}
      <ExitDialog open={exitOpen} onClose={() => setExitOpen(false)} />
    </header>
  );
}
