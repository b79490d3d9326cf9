import { Navigate } from 'react-router';
import { Logo } from '../../components/logo';
import { SiteFooter } from '../../components/site-footer';
import { useLandingPath } from '../../lib/next-path';
import { useSession } from '../../lib/session';
import { AuthPanel } from '../../features/auth/components/auth-panel';
import styles from './welcome-page.module.css';
import { paths } from '../../lib/paths';

export function WelcomePage() {
  const { isSignedIn, me } = useSession();
  const landing = useLandingPath();

  // An unverified member stays here with the reminder (SPEC §4); everyone else goes home, or
  // to the page they asked for before signing in.
  if (isSignedIn && me?.isVerified) return <Navigate to={landing} replace />;

  return (
    <div className={styles.page}>
      <title>DevPlay · Sign in or sign up</title>
      {!isSignedIn && (
        <div className={styles.brand}>
          <Logo to={paths.welcome} />
        </div>
      )}
      <div className={styles.hero}>
        <h1 className={styles.title}>
          Where developers and gamers <span className={styles.titleAccent}>level up together</span>
        </h1>
        <p className={styles.subtitle}>
          Share posts, follow people, chat, send money to friends and battle in 1v1 tournaments.
        </p>
      </div>
      <AuthPanel />
      <SiteFooter />
    </div>
  );
}
