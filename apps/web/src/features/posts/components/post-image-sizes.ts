/** The tallest a post's picture may be drawn; a taller one is narrowed to keep its shape. */
export const POST_IMAGE_MAX_HEIGHT_PX = 520;

/**
 * How wide the feed's column draws a picture, per layout of ThreeColumnLayout, less the
 * column's padding and the card's: phones (one column, 12 px page and 16 px card padding),
 * tablets (the 220 px side menu beside it), desktop (menu and widgets, capped at 1240 px).
 */
const SLOTS: readonly [media: string | null, width: string][] = [
  ['(max-width: 767px)', 'calc(100vw - 58px)'],
  ['(max-width: 1099px)', 'calc(100vw - 326px)'],
  ['(max-width: 1271px)', 'calc(100vw - 662px)'],
  [null, '578px'],
];

/** The `sizes` of a picture drawn at most `maxWidth` px wide (its own width, or the bound). */
export function postImageSizes(maxWidth: number): string {
  return SLOTS.map(([media, slot]) => {
    const width = `min(${slot}, ${maxWidth}px)`;
    return media ? `${media} ${width}` : width;
  }).join(', ');
}
