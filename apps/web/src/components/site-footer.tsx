import { Link } from 'react-router';
import { FOOTER_LINKS } from './footer-links';
import styles from './site-footer.module.css';

export function SiteFooter({ compact = false }: { compact?: boolean }) {
  return (
    <footer className={[styles.footer, compact && styles.compact].filter(Boolean).join(' ')}>
      <ul className={styles.links}>
        {FOOTER_LINKS.map(({ to, label }) => (
          <li key={to}>
            <Link to={to}>{label}</Link>
          </li>
        ))}
      </ul>
      <p className={styles.copy}>© {new Date().getFullYear()} DevPlay</p>
    </footer>
  );
}
