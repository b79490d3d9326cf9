import styles from './post-skeleton.module.css';

/** The shape of a card while its data is on the way; hidden from screen readers. */
export function PostSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={styles.header}>
        <span className={`${styles.block} ${styles.avatar}`} />
        <span className={styles.lines}>
          <span className={`${styles.block} ${styles.name}`} />
          <span className={`${styles.block} ${styles.handle}`} />
        </span>
      </div>
      <span className={`${styles.block} ${styles.title}`} />
      <span className={`${styles.block} ${styles.line}`} />
      <span className={`${styles.block} ${styles.lineShort}`} />
      <span className={`${styles.block} ${styles.media}`} />
    </div>
  );
}
