import { render, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PostMedia } from './post-media';

describe('post media (SPEC §4)', () => {
  it('shows YouTube links in an embed frame', () => {
    const { container } = render(
      <PostMedia image={null} video="https://youtu.be/dQw4w9WgXcQ" title="Clip" />,
    );
    expect(container.querySelector('iframe')?.getAttribute('src')).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
    expect(container.querySelector('video')).toBeNull();
  });

  it('plays other video links in a player', () => {
    const { container } = render(
      <PostMedia image={null} video="https://cdn.example.com/clip.mp4" title="Clip" />,
    );
    expect(container.querySelector('video')?.getAttribute('src')).toBe(
      'https://cdn.example.com/clip.mp4',
    );
    expect(container.querySelector('iframe')).toBeNull();
  });
});

describe('post images (no layout shift, two widths, the first one first)', () => {
  const sized = '/uploads/3f1c-1600x900.webp';
  const image = (url: string, priority = false) => {
    const { container } = render(
      <PostMedia image={url} video={null} title="Clutch" priority={priority} />,
    );
    return within(container).getByRole('img', { name: 'Image for Clutch' });
  };

  it('reserves the box from the size in its name and offers the 480 px copy and the full one', () => {
    const img = image(sized);
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('height', '900');
    expect(img).toHaveAttribute(
      'srcset',
      '/uploads/3f1c-1600x900-480w.webp 480w, /uploads/3f1c-1600x900-960w.webp 960w, /uploads/3f1c-1600x900.webp 1600w',
    );
    expect(img.getAttribute('src')).toMatch(/\/uploads\/3f1c-1600x900\.webp$/);
  });

  it('sizes it to the feed column, never wider than the picture nor past the height bound', () => {
    expect(image(sized).getAttribute('sizes')).toBe(
      '(max-width: 767px) min(calc(100vw - 58px), 924px), ' +
        '(max-width: 1099px) min(calc(100vw - 326px), 924px), ' +
        '(max-width: 1271px) min(calc(100vw - 662px), 924px), min(578px, 924px)',
    );
    // A tall picture (900 x 1600) at 520 px high is 292 px wide.
    expect(image('/uploads/ab-900x1600.webp').getAttribute('sizes')).toMatch(
      /min\(578px, 292px\)$/,
    );
  });

  it('loads lazily and decodes off the main thread, except the first one, which goes first', () => {
    const later = image(sized);
    expect(later).toHaveAttribute('loading', 'lazy');
    expect(later).toHaveAttribute('decoding', 'async');
    expect(later).not.toHaveAttribute('fetchpriority');

    const first = image('/uploads/ff-800x600.webp', true);
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).not.toHaveAttribute('loading');
  });

  it('has no smaller copy to offer for a picture 480 px wide or less', () => {
    expect(image('/uploads/s-400x300.webp')).toHaveAttribute(
      'srcset',
      '/uploads/s-400x300.webp 400w',
    );
  });

  it('shows an older picture, without a size in its name, whole in a fixed box', () => {
    const img = image('/uploads/old-picture.webp');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('width');
    expect(img.parentElement?.className).toMatch(/unsizedFrame/);
  });
});
