import type { ReactNode } from 'react';
import { SideMenu } from './side-menu';
import { SiteFooter } from '../../components/site-footer';
import styles from './three-column-layout.module.css';

interface ThreeColumnLayoutProps {
  center: ReactNode;
  right?: ReactNode;
  /** Defaults to the side menu and the footer (SPEC §2, desktop). */
  left?: ReactNode;
}

export function ThreeColumnLayout({ center, right, left }: ThreeColumnLayoutProps) {
  return (
    <div className={styles.grid}>
      <aside className={styles.left} aria-label="Navigation">
        {left ?? (
          <>
            <SideMenu />
            <SiteFooter compact />
          </>
        )}
      </aside>
      <div className={styles.center}>{center}</div>
      {right && (
        <aside className={styles.right} aria-label="Sidebar">
          {right}
        </aside>
      )}
    </div>
  );
}
