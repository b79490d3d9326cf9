import { render } from '@testing-library/react';
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
