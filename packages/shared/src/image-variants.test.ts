import { describe, expect, it } from 'vitest';
import { imageCopies, imageVariants, sizedImageName } from './image-variants';

const UUID = '0b7e3c1a-5d2f-4e8a-9c6b-1f2e3d4c5b6a';

describe('post image names that carry their size', () => {
  it.each([null, undefined, '', `/uploads/${UUID}.webp`, 'https://cdn.example/a.png'])(
    'gives no variants for %s (an image stored before sizes were named)',
    (url) => {
      expect(imageVariants(url)).toBeNull();
    },
  );

  it('names a new image with its size and its set of copies', () => {
    expect(sizedImageName(`/uploads/${UUID}`, 1600, 800)).toBe(`/uploads/${UUID}-1600x800-c2.webp`);
  });

  it('offers the 480, 640 and 960 px copies and the full image of a wide picture', () => {
    const url = `/uploads/${UUID}-1600x800-c2.webp`;
    const copy = (width: number) => `/uploads/${UUID}-1600x800-c2-${width}w.webp`;
    expect(imageCopies(url)).toEqual([
      { width: 480, url: copy(480) },
      { width: 640, url: copy(640) },
      { width: 960, url: copy(960) },
    ]);
    expect(imageVariants(url)).toEqual({
      width: 1600,
      height: 800,
      src: url,
      srcSet: `${copy(480)} 480w, ${copy(640)} 640w, ${copy(960)} 960w, ${url} 1600w`,
    });
  });

  it('offers an image named before the 640 px copy only the copies it has', () => {
    const url = `/uploads/${UUID}-1600x800.webp`;
    const copy = (width: number) => `/uploads/${UUID}-1600x800-${width}w.webp`;
    expect(imageCopies(url)).toEqual([
      { width: 480, url: copy(480) },
      { width: 960, url: copy(960) },
    ]);
    expect(imageVariants(url)?.srcSet).toBe(`${copy(480)} 480w, ${copy(960)} 960w, ${url} 1600w`);
  });

  it('has only the copies narrower than the picture', () => {
    const medium = `/uploads/${UUID}-800x600-c2.webp`;
    expect(imageCopies(medium).map((c) => c.width)).toEqual([480, 640]);
    for (const url of [`/uploads/${UUID}-480x640-c2.webp`, `/uploads/${UUID}-64x48.webp`]) {
      expect(imageCopies(url)).toEqual([]);
      expect(imageVariants(url)?.srcSet).toBe(`${url} ${url.includes('480x') ? 480 : 64}w`);
    }
  });

  it('reads neither a copy itself nor a size of zero as a sized image', () => {
    expect(imageVariants(`/uploads/${UUID}-1600x800-480w.webp`)).toBeNull();
    expect(imageVariants(`/uploads/${UUID}-1600x800-c2-640w.webp`)).toBeNull();
    expect(imageVariants(`/uploads/${UUID}-1600x800-c3.webp`)).toBeNull();
    expect(imageVariants(`/uploads/${UUID}-0x800.webp`)).toBeNull();
    expect(imageCopies(`/uploads/${UUID}.webp`)).toEqual([]);
  });
});
