import { NavLink } from 'react-router';
import type { Me } from '@devplay/shared';
import { CountBadge } from '../../components/count-badge';
import { mainNavFor } from './nav-items';
import styles from './nav-list.module.css';

/** The menu of pages as a list of links; the side menu and the phone's drawer both show it. */
export function NavList({ me, onNavigate }: { me: Me | null; onNavigate?: () => void }) {
  return (
    <ul className={styles.list}>
      {mainNavFor(me).map(({ to, label, icon: Icon, badge, badgeNoun }) => (
        <li key={to}>
          <NavLink to={to} className={styles.link} onClick={onNavigate}>
            <Icon size={20} className={styles.icon} aria-hidden />
            <span className={styles.label}>{label}</span>
            {me && badge && <CountBadge count={badge(me)} noun={badgeNoun?.(badge(me))} />}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
