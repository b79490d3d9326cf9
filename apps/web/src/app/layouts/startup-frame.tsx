import { Logo } from '../../components/logo';
import { Skeleton } from '../../components/skeleton';
import { sessionMarkedAtStart } from '../../lib/session-marker';
import grid from './three-column-layout.module.css';
import nav from './top-nav.module.css';
import styles from './startup-frame.module.css';

/**
 * The first paint, while the start-up refresh and the page's chunk are on their way: for a member
 * (the marker cookie says so before any answer) the header and the columns in their final places,
 * so nothing jumps when the page arrives; for a visitor nothing, the welcome page is one chunk away.
 */
export function StartupFrame() {
  if (!sessionMarkedAtStart()) return null;
  return (
    <div className={styles.frame} aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading DevPlay...
      </p>
      <div className={nav.header}>
        <div className={nav.bar}>
          <Logo />
          <span className={`${nav.searchSlot} ${nav.desktopOnly}`}>
            <span className={styles.search} />
          </span>
          <span className={`${styles.actions} ${nav.desktopOnly}`}>
            <Skeleton width={116} height={40} className={styles.pill} />
            <Skeleton circle width={32} height={32} />
            <Skeleton width={56} height={32} className={styles.pill} />
          </span>
          <span className={styles.phoneOnly}>
            <Skeleton circle width={32} height={32} />
            <Skeleton width={44} height={44} />
          </span>
        </div>
      </div>
      <div className={grid.grid}>
        <div className={grid.left}>
          <div className={styles.card}>
            {Array.from({ length: 8 }, (_, index) => (
              <Skeleton key={index} height={20} width={index % 2 ? '60%' : '75%'} />
            ))}
          </div>
        </div>
        <div className={grid.center}>
          <div className={`${styles.card} ${styles.tall}`}>
            <Skeleton height={20} width="40%" />
            <Skeleton height={14} />
            <Skeleton height={14} width="80%" />
          </div>
          <div className={`${styles.card} ${styles.tall}`}>
            <Skeleton height={20} width="55%" />
            <Skeleton height={14} />
          </div>
        </div>
        <div className={grid.right}>
          <div className={styles.card}>
            <Skeleton height={16} width="50%" />
            <Skeleton height={14} />
            <Skeleton height={14} width="70%" />
          </div>
        </div>
      </div>
    </div>
  );
}
