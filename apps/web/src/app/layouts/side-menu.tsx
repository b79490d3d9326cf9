import { NavLink } from 'react-router';
import { SIDE_MENU_ITEMS } from './nav-items';
import styles from './side-menu.module.css';

export function SideMenu() {
  return (
    <nav className={styles.menu} aria-label="Main">
      <ul className={styles.list}>
        {SIDE_MENU_ITEMS.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink to={to} className={styles.link}>
              <Icon size={20} aria-hidden />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
