import { describe, expect, it } from 'vitest';
import { isYouTubeEmbed, toYouTubeEmbed } from './youtube';

describe('YouTube links (SPEC §4)', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('turns %s into an embed address', (link, id) => {
    expect(toYouTubeEmbed(link)).toBe(`https://www.youtube.com/embed/${id}`);
  });

  it.each([
    'https://www.youtube.com/watch?v=short',
    'https://vimeo.com/123456',
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'not a url',
  ])('leaves %s alone', (link) => {
    expect(toYouTubeEmbed(link)).toBeNull();
  });

  it('tells embed addresses from other videos', () => {
    expect(isYouTubeEmbed('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe(true);
    expect(isYouTubeEmbed('https://cdn.example.com/clip.mp4')).toBe(false);
  });
});
