import { ArrowLeft, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import { SiteFooter } from '../../../components/site-footer';
import { useSession } from '../../../lib/session';
import styles from './auth-card.module.css';
import { paths } from '../../../lib/paths';

interface AuthCardProps {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  children: ReactNode;
}

/** The frame of the single-form auth screens (confirm e-mail, forgot and reset password). */
export function AuthCard({ icon: Icon, title, description, children }: AuthCardProps) {
  const { isSignedIn } = useSession();
  return (
    <div className={styles.page}>
      <title>{`${title} · DevPlay`}</title>
      {/* Signed-in visitors already have the top navigation with the logo. */}
      {!isSignedIn && (
        <div className={styles.brand}>
          <Logo to={paths.welcome} />
        </div>
      )}
      <section className={styles.card} aria-labelledby="auth-card-title">
        <span className={styles.badge} aria-hidden="true">
          <Icon size={24} />
        </span>
        <h1 id="auth-card-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.description}>{description}</p>
        {children}
        {/* A signed-in member (one not yet confirmed, say) leaves through the header's Exit. */}
        {!isSignedIn && (
          <div className={styles.footer}>
            <Link to={paths.welcome}>
              <ArrowLeft size={16} aria-hidden />
              Back to sign in
            </Link>
          </div>
        )}
      </section>
      <SiteFooter />
    </div>
  );
}
