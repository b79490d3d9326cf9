/**
 * A post image's name tells its size and which narrower copies lie beside it:
 * `<stem>-<W>x<H>-c2.webp` has `<stem>-<W>x<H>-c2-480w.webp`, `-640w.webp` and `-960w.webp`. So the
 * page can reserve the space and offer every width (`srcset`) without asking the server or
 * changing the schema, and a new set of copies needs no backfill: names from before it keep theirs.
 */
const COPY_SETS = {
  /** Names without a set (`<stem>-<W>x<H>.webp`), stored before the 640 px copy. */
  '': [480, 960],
  /** 640 px fits a phone's column at its usual density (354 CSS px × 1.75). */
  c2: [480, 640, 960],
} as const satisfies Record<string, readonly number[]>;

type CopySet = keyof typeof COPY_SETS;

/** The set a new image gets. */
const CURRENT_SET: CopySet = 'c2';

// The suffixes a name may carry: every set but the unnamed first one.
const NAMED_SETS = (Object.keys(COPY_SETS) as CopySet[]).filter(Boolean).join('|');
const SIZED_NAME = new RegExp(`^(.+)-([1-9]\\d{0,5})x([1-9]\\d{0,5})(?:-(${NAMED_SETS}))?\\.webp$`);

/** The name the server gives a new image of this size. */
export const sizedImageName = (stem: string, width: number, height: number) =>
  `${stem}-${width}x${height}-${CURRENT_SET}.webp`;

function sizeOf(url: string) {
  const match = SIZED_NAME.exec(url);
  if (!match) return null;
  const set = (match[4] ?? '') as CopySet;
  return { width: Number(match[2]), height: Number(match[3]), copyWidths: COPY_SETS[set] };
}

/** The narrower copies a sized image has (those of its set narrower than the image itself). */
export function imageCopies(url: string): { width: number; url: string }[] {
  const size = sizeOf(url);
  if (!size) return [];
  return size.copyWidths
    .filter((width) => width < size.width)
    .map((width) => ({ width, url: url.replace(/\.webp$/, `-${width}w.webp`) }));
}

export type ImageVariants = { width: number; height: number; src: string; srcSet: string };

/**
 * What an `<img>` needs for a sized image: its natural size and every width for `srcset`.
 * Null for a name without a size (images stored before sizes were named): show it as it is.
 */
export function imageVariants(url: string | null | undefined): ImageVariants | null {
  const size = url ? sizeOf(url) : null;
  if (!url || !size) return null;
  const widths = [...imageCopies(url), { width: size.width, url }];
  return {
    width: size.width,
    height: size.height,
    src: url,
    srcSet: widths.map((w) => `${w.url} ${w.width}w`).join(', '),
  };
}
