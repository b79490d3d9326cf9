import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useSession } from '../../lib/session';
import { useThemeChoice } from '../../lib/theme';
import { useAfterFirstIdle } from '../../lib/use-after-first-idle';
import { ScrollToTop } from './scroll-to-top';
import { TopNav } from './top-nav';
import { useBackScroll } from './use-back-scroll';
import styles from './root-layout.module.css';
import { lazyNamed } from '../../lib/lazy-named';

// The live socket is not needed for the first paint; its code and connection wait for the first
// idle moment.
const LiveUpdates = lazyNamed(() => import('./live-updates'), 'LiveUpdates');
// The service worker and its "new version" banner: nothing of it is needed for the first paint.
const AppUpdates = lazyNamed(() => import('./app-updates'), 'AppUpdates');
// Only a member waiting for approval ever sees it: its words stay out of everyone's first load.
const PendingApprovalBanner = lazyNamed(
  () => import('./pending-approval-banner'),
  'PendingApprovalBanner',
);

export function RootLayout() {
  const { isSignedIn, me } = useSession();
  const navigation = useNavigation();
  const afterFirstIdle = useAfterFirstIdle();
  // Whichever page is open, a 'System' theme follows the system's scheme as it changes.
  useThemeChoice();
  useBackScroll();

  return (
    <>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      {navigation.state !== 'idle' && <div className={styles.progress} aria-hidden="true" />}
      {/* SPEC §2: the top navigation exists only for a session. */}
      {isSignedIn && <TopNav />}
      {isSignedIn && afterFirstIdle && (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      )}
      <main id="main" className={styles.main} tabIndex={-1}>
        {isSignedIn && me?.pendingApproval && (
          <Suspense fallback={null}>
            <PendingApprovalBanner />
          </Suspense>
        )}
        <Outlet />
      </main>
      <ScrollToTop />
      {afterFirstIdle && (
        <Suspense fallback={null}>
          <AppUpdates />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}
