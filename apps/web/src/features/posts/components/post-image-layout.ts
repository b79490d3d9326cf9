import { imageVariants, type ImageVariants } from '@devplay/shared';
import { PHONE_MEDIA } from '../../../lib/breakpoints';

/** The tallest a post's picture may be drawn; a taller one is narrowed to keep its shape. */
const POST_IMAGE_MAX_HEIGHT_PX = 520;

/**
 * How wide the feed's column draws a picture, per layout of ThreeColumnLayout, less the
 * column's padding and the card's: phones (one column, 12 px page and 16 px card padding),
 * tablets (the 220 px side menu beside it), desktop (menu and widgets, capped at 1240 px).
 */
const SLOTS: readonly [media: string | null, width: string][] = [
  [PHONE_MEDIA, 'calc(100vw - 58px)'],
  ['(max-width: 1099px)', 'calc(100vw - 326px)'],
  ['(max-width: 1271px)', 'calc(100vw - 662px)'],
  [null, '578px'],
];

/** The `sizes` of a picture drawn at most `maxWidth` px wide (its own width, or the bound). */
function postImageSizes(maxWidth: number): string {
  return SLOTS.map(([media, slot]) => {
    const width = `min(${slot}, ${maxWidth}px)`;
    return media ? `${media} ${width}` : width;
  }).join(', ');
}

export type PostImageLayout = ImageVariants & { maxWidth: number; sizes: string };

/**
 * How a sized picture is drawn: never wider than itself, nor so wide that it would pass the
 * height bound. Null for a name without a size (see imageVariants).
 */
export function postImageLayout(url: string): PostImageLayout | null {
  const variants = imageVariants(url);
  if (!variants) return null;
  const { width, height } = variants;
  const maxWidth = Math.min(width, Math.floor((POST_IMAGE_MAX_HEIGHT_PX * width) / height));
  return { ...variants, maxWidth, sizes: postImageSizes(maxWidth) };
}

/**
 * Asks for the feed's first picture before the feed is drawn. The browser reuses the answer
 * only when srcset and sizes are the `<img>`'s own, hence one layout for both.
 */
export function preloadPostImage(url: string) {
  const layout = postImageLayout(url);
  // A feed opened again in this visit asks for a picture it may already hold.
  if (
    !layout ||
    document.head.querySelector(`link[rel="preload"][href="${CSS.escape(layout.src)}"]`)
  )
    return;
  const link = document.createElement('link');
  const attributes = {
    rel: 'preload',
    as: 'image',
    href: layout.src,
    imagesrcset: layout.srcSet,
    imagesizes: layout.sizes,
    fetchpriority: 'high',
  };
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.append(link);
}
