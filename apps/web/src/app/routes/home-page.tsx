import { Alert } from '../../components/alert';
import { Spinner } from '../../components/spinner';
import { useSession } from '../../features/auth/api';
import { VerifyEmailBanner } from '../../features/auth/components/verify-email-banner';
import { ThreeColumnLayout } from '../layouts/three-column-layout';
import styles from './home-page.module.css';

/**
 * The /home_page frame. Later features fill the slots: the new-post form and feed in the
 * centre, users to follow, weather and news on the right (SPEC §2).
 */
export function HomePage() {
  const { me, isLoading, isError } = useSession();

  const center = isLoading ? (
    <div className={`${styles.card} ${styles.loading}`}>
      <Spinner size="lg" />
    </div>
  ) : (
    <>
      {isError && <Alert tone="error">Error loading user data</Alert>}
      {me && !me.isVerified && <VerifyEmailBanner email={me.email} />}
      {me && (
        <section className={styles.card} aria-labelledby="home-greeting">
          <h1 id="home-greeting" className={styles.title}>
            Welcome, {me.fullName || me.username}!
          </h1>
          <p className={styles.text}>Good to see you on DevPlay.</p>
        </section>
      )}
    </>
  );

  return (
    <>
      <title>Home · DevPlay</title>
      <ThreeColumnLayout center={center} />
    </>
  );
}
