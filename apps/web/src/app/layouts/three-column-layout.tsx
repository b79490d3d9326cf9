import type { ReactNode } from 'react';
import { SideMenu } from './side-menu';
import { SiteFooter } from '../../components/site-footer';
import { useIsPhone } from '../../lib/use-media-query';
import styles from './three-column-layout.module.css';

interface ThreeColumnLayoutProps {
  center: ReactNode;
  right?: ReactNode;
  /**
   * Below the side menu in the left column (the mini-profile card on /home_page), so the menu
   * starts at the same height on every page. The column then scrolls with the page: menu and
   * card together are taller than a laptop's window.
   */
  leftBelow?: ReactNode;
}

/**
 * Left: side menu and footer (SPEC §2, desktop); centre: the page; right: widgets. Phones have
 * no left column (its links are in the drawer), so it is not rendered there at all: hidden by
 * CSS, it cost every page's first render on a phone its work.
 */
export function ThreeColumnLayout({ center, right, leftBelow }: ThreeColumnLayoutProps) {
  const phone = useIsPhone();
  return (
    <div className={[styles.grid, !right && styles.noRight].filter(Boolean).join(' ')}>
      {!phone && (
        <div className={styles.left}>
          {/* Only the menu and the footer stay in view: short enough for an 800 px window. */}
          <div className={leftBelow ? styles.column : styles.sticky}>
            <SideMenu />
            {leftBelow}
            <SiteFooter compact />
          </div>
        </div>
      )}
      <div className={styles.center}>{center}</div>
      {right && (
        <aside className={styles.right} aria-label="Sidebar">
          {right}
        </aside>
      )}
    </div>
  );
}
