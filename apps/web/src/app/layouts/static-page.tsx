import type { ReactNode } from 'react';
import { Logo } from '../../components/logo';
import { SiteFooter } from '../../components/site-footer';
import { useAccessToken } from '../../lib/use-access-token';
import styles from './static-page.module.css';
import { paths } from '../../lib/paths';

interface StaticPageProps {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  updated?: string;
  children: ReactNode;
}

export function StaticPage({ eyebrow, title, intro, updated, children }: StaticPageProps) {
  const isSignedIn = useAccessToken() !== null;
  return (
    <div className={styles.page}>
      <title>{`${title} · DevPlay`}</title>
      {/* Visitors have no top navigation, so the logo is their way back. */}
      {!isSignedIn && (
        <div className={styles.brand}>
          <Logo to={paths.welcome} />
        </div>
      )}
      <article className={styles.article}>
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h1 className={styles.title}>{title}</h1>
        <div className={styles.intro}>{intro}</div>
        <div className={styles.body}>{children}</div>
        {updated && <p className={styles.updated}>Last updated: {updated}</p>}
      </article>
      <SiteFooter />
    </div>
  );
}
