import { LogOut, Menu, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { Suspense, useCallback, useRef, useState } from 'react';
import { Logo } from '../../components/logo';
import { useSession } from '../../lib/session';
import { BalanceLink } from '../../features/money/components/balance-link';
import { MessagesNavLink } from '../../features/messages/components/messages-nav-link';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { paths } from '../../lib/paths';
import { AccountMenu } from './account-menu';
import { LazyUserSearch } from './lazy-user-search';
import styles from './top-nav.module.css';
import { lazyNamed } from '../../lib/lazy-named';

const DRAWER_ID = 'nav-drawer';

// Opened by a click, never on the first paint: their code (and sign-out's) waits for that click.
const ExitDialog = lazyNamed(() => import('./exit-dialog'), 'ExitDialog');
const NavDrawer = lazyNamed(() => import('./nav-drawer'), 'NavDrawer');

/**
 * SPEC §2 header: the logo, search, balance, messages and notifications with their unread counts,
 * Settings, Exit and the avatar linking to the profile (with a small menu for the theme); on
 * phones a menu button opens the drawer with the same entries instead.
 * Until the e-mail is confirmed the member sees the logo (going nowhere) and Exit, nothing else.
 */
export function TopNav() {
  const { me } = useSession();
  const [exitOpen, setExitOpen] = useState(false);
  const openExit = useCallback(() => setExitOpen(true), []);
  const unconfirmed = me?.isVerified === false;

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        {unconfirmed ? (
          <>
            <Logo />
            <button type="button" className={styles.navLink} onClick={openExit}>
              <LogOut size={18} aria-hidden />
              Exit
            </button>
          </>
        ) : (
          <ConfirmedBar onExit={openExit} />
        )}
      </div>
      {exitOpen && (
        <Suspense fallback={null}>
          <ExitDialog open onClose={() => setExitOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}

function ConfirmedBar({ onExit }: { onExit: () => void }) {
  const { me } = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const exitFromDrawer = () => {
    setDrawerOpen(false);
    onExit();
  };

  return (
    <>
      <Logo to={paths.home} />
      {/* On phones the search lives in the drawer, where it has the full width. */}
      <div className={`${styles.searchSlot} ${styles.desktopOnly}`}>
        <LazyUserSearch />
      </div>
      <nav className={styles.actions} aria-label="Account">
        <BalanceLink className={`${styles.balance} ${styles.desktopOnly}`} />
        <MessagesNavLink />
        <NotificationBell />
        <Link to={paths.settings} className={`${styles.navLink} ${styles.desktopOnly}`}>
          <Settings size={18} aria-hidden />
          Settings
        </Link>
        <button
          type="button"
          className={`${styles.navLink} ${styles.desktopOnly}`}
          onClick={onExit}
        >
          <LogOut size={18} aria-hidden />
          Exit
        </button>
        <div className={styles.desktopOnly}>
          <AccountMenu me={me} />
        </div>
        <button
          ref={menuButtonRef}
          type="button"
          className={styles.menuButton}
          aria-expanded={drawerOpen}
          aria-controls={drawerOpen ? DRAWER_ID : undefined}
          aria-haspopup="dialog"
          aria-label="Menu"
          onClick={() => setDrawerOpen(true)}
        >
          <Menu size={22} aria-hidden />
        </button>
      </nav>
      {drawerOpen && (
        <Suspense fallback={null}>
          <NavDrawer id={DRAWER_ID} me={me} onClose={closeDrawer} onExit={exitFromDrawer} />
        </Suspense>
      )}
    </>
  );
}
