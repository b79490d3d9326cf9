import { NavLink } from 'react-router';
import { useSession } from '../../lib/session';
import { CountBadge } from '../../components/count-badge';
import { SIDE_MENU_ITEMS } from './nav-items';
import styles from './side-menu.module.css';

export function SideMenu() {
  const { me } = useSession();
  return (
    <nav className={styles.menu} aria-label="Main">
      <ul className={styles.list}>
        {SIDE_MENU_ITEMS.map(({ to, label, icon: Icon, badge }) => (
          <li key={to}>
            <NavLink to={to} className={styles.link}>
              <Icon size={20} aria-hidden />
              <span className={styles.label}>{label}</span>
              {me && badge && <CountBadge count={badge(me)} />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
