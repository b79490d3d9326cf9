/**
 * A post image's name tells its size (`<stem>-<W>x<H>.webp`), and a wider one has narrower
 * copies beside it (`<stem>-<W>x<H>-480w.webp`, `-960w.webp`): the page can reserve the space
 * and offer every width (`srcset`) without asking the server or changing the schema.
 */
const IMAGE_COPY_WIDTHS = [480, 960] as const;

const SIZED_NAME = /^(.+)-([1-9]\d{0,5})x([1-9]\d{0,5})\.webp$/;

/** The name the server gives an image of this size. */
export const sizedImageName = (stem: string, width: number, height: number) =>
  `${stem}-${width}x${height}.webp`;

function sizeOf(url: string) {
  const match = SIZED_NAME.exec(url);
  return match ? { width: Number(match[2]), height: Number(match[3]) } : null;
}

/** The narrower copies a sized image has (those narrower than the image itself). */
export function imageCopies(url: string): { width: number; url: string }[] {
  const size = sizeOf(url);
  if (!size) return [];
  return IMAGE_COPY_WIDTHS.filter((width) => width < size.width).map((width) => ({
    width,
    url: url.replace(/\.webp$/, `-${width}w.webp`),
  }));
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
  return { ...size, src: url, srcSet: widths.map((w) => `${w.url} ${w.width}w`).join(', ') };
}
