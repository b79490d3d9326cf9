import { useState, type CSSProperties } from 'react';
import { ImageViewer } from '../../../components/image-viewer';
import { resolveAssetUrl } from '../../../lib/asset-url';
import { postImageLayout } from './post-image-layout';
import styles from './post-media.module.css';

interface PostImageProps {
  url: string;
  /** The author's description of the picture, or a stand-in naming the post. */
  alt: string;
  /** The feed's first picture, likely the largest thing on the first screen (LCP). */
  priority: boolean;
}

/**
 * A post's picture at its own aspect ratio, never taller than the bound. Its name carries its
 * size and its copies, so the box is reserved before a byte arrives (no layout shift) and the
 * browser picks the narrowest copy that fills the width the feed gives it. Pressed, it opens at full
 * resolution in the viewer.
 */
export function PostImage({ url, alt, priority }: PostImageProps) {
  const [viewing, setViewing] = useState(false);
  const layout = postImageLayout(url);
  const src = resolveAssetUrl(url) ?? url;
  const loading = priority
    ? ({ fetchPriority: 'high' } as const)
    : ({ loading: 'lazy', decoding: 'async' } as const);

  const image = layout ? (
    <img
      className={styles.image}
      style={{ '--image-max-width': `${layout.maxWidth}px` } as CSSProperties}
      src={src}
      srcSet={layout.srcSet}
      sizes={layout.sizes}
      width={layout.width}
      height={layout.height}
      alt={alt}
      {...loading}
    />
  ) : (
    // Pictures stored before their names held a size: a fixed box, the whole picture inside.
    <div className={styles.unsizedFrame}>
      <img className={styles.unsizedImage} src={src} alt={alt} {...loading} />
    </div>
  );

  return (
    <>
      <button
        type="button"
        className={styles.imageButton}
        aria-haspopup="dialog"
        title="View full size"
        onClick={() => setViewing(true)}
      >
        {image}
      </button>
      <ImageViewer open={viewing} src={src} alt={alt} onClose={() => setViewing(false)} />
    </>
  );
}
