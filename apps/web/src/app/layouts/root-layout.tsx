import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useSession } from '../../lib/session';
import { ScrollToTop } from './scroll-to-top';
import { TopNav } from './top-nav';
import styles from './root-layout.module.css';

// The live socket is not needed for the first paint; its code arrives right after.
const LiveUpdates = lazy(() => import('./live-updates').then((m) => ({ default: m.LiveUpdates })));

export function RootLayout() {
  const { isSignedIn } = useSession();
  const navigation = useNavigation();

  return (
    <>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      {navigation.state !== 'idle' && <div className={styles.progress} aria-hidden="true" />}
      {/* SPEC §2: the top navigation exists only for a session. */}
      {isSignedIn && <TopNav />}
      {isSignedIn && (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      )}
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <ScrollToTop />
      <ScrollRestoration />
    </>
  );
}
