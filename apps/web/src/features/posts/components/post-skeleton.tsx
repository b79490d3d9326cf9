import { Card } from '../../../components/card';
import { Skeleton, SkeletonRow } from '../../../components/skeleton';
import styles from './post-skeleton.module.css';

/** The shape of a card while its data is on the way; hidden from screen readers. */
export function PostSkeleton() {
  return (
    <Card as="div" className={styles.card} aria-hidden="true">
      <SkeletonRow />
      <Skeleton width="55%" height={18} />
      <Skeleton />
      <Skeleton width="70%" />
      <Skeleton height="auto" className={styles.media} />
    </Card>
  );
}
