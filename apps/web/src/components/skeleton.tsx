import type { CSSProperties } from 'react';
import styles from './skeleton.module.css';

interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  circle?: boolean;
  className?: string;
}

/** The shape of something still loading, shimmering; callers hide it from screen readers. */
export function Skeleton({
  width = '100%',
  height = 12,
  circle = false,
  className,
}: SkeletonProps) {
  return (
    <span
      className={[styles.block, circle && styles.circle, className].filter(Boolean).join(' ')}
      style={{ width, height }}
    />
  );
}

/** A list row while it loads: avatar, a name and a line of text, and an amount if `withEnd`. */
export function SkeletonRow({
  withEnd = false,
  className,
}: {
  withEnd?: boolean;
  className?: string;
}) {
  return (
    <div className={[styles.row, className].filter(Boolean).join(' ')}>
      <Skeleton circle width={40} height={40} />
      <span className={styles.lines}>
        <Skeleton width="50%" />
        <Skeleton width="75%" height={10} />
      </span>
      {withEnd && <Skeleton width={72} height={16} />}
    </div>
  );
}
