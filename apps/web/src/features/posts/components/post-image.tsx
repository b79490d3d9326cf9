import type { CSSProperties } from 'react';
import { resolveAssetUrl } from '../../../lib/asset-url';
import { postImageLayout } from './post-image-layout';
import styles from './post-media.module.css';

interface PostImageProps {
  url: string;
  title: string;
  /** The feed's first picture, likely the largest thing on the first screen (LCP). */
  priority: boolean;
}

/**
 * A post's picture at its own aspect ratio, never taller than the bound. Its name carries its
 * size, so the box is reserved before a byte arrives (no layout shift) and the browser picks
 * the 480 px copy or the full one for the width the feed gives it.
 */
export function PostImage({ url, title, priority }: PostImageProps) {
  const layout = postImageLayout(url);
  const src = resolveAssetUrl(url) ?? url;
  const loading = priority
    ? ({ fetchPriority: 'high' } as const)
    : ({ loading: 'lazy', decoding: 'async' } as const);

  if (!layout) {
    // Pictures stored before their names held a size: a fixed box, the whole picture inside.
    return (
      <div className={styles.unsizedFrame}>
        <img className={styles.unsizedImage} src={src} alt={`Image for ${title}`} {...loading} />
      </div>
    );
  }

  const { width, height, srcSet, sizes, maxWidth } = layout;
  return (
    <img
      className={styles.image}
      style={{ '--image-max-width': `${maxWidth}px` } as CSSProperties}
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      width={width}
      height={height}
      alt={`Image for ${title}`}
      {...loading}
    />
  );
}
