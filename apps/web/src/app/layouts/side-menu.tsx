import { useSession } from '../../lib/session';
import { NavList } from './nav-list';
import styles from './side-menu.module.css';

/** Desktop's menu of pages, in the left column (SPEC §2). */
export function SideMenu() {
  const { me } = useSession();
  return (
    <nav className={styles.menu} aria-label="Main">
      <NavList me={me} />
    </nav>
  );
}
