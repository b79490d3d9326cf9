import { describe, expect, it } from 'vitest';
import { createPostInputSchema } from './schemas/posts';
import { POST_MESSAGES } from './schemas/posts-texts';
import { isYouTubeLink, toYouTubeEmbed } from './youtube';

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
    'https://www.youtube.com/@channel',
    'https://www.youtube.com/watch',
    'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
    'ftp://youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'not a url',
  ])('leaves %s alone', (link) => {
    expect(toYouTubeEmbed(link)).toBeNull();
    expect(isYouTubeLink(link)).toBe(false);
  });

  it.each([
    'http://youtube.com/watch?v=dQw4w9WgXcQ',
    'https://m.youtube.com/shorts/dQw4w9WgXcQ',
    'https://www.youtu.be/dQw4w9WgXcQ',
    'https://youtube.com/embed/dQw4w9WgXcQ?start=10',
  ])('takes %s, over http or https, with or without www or m', (link) => {
    expect(isYouTubeLink(link)).toBe(true);
  });
});

describe("a post's video field", () => {
  const post = { title: 'Clutch', description: 'Best round' };
  const videoIssue = (video: string) =>
    createPostInputSchema
      .safeParse({ ...post, video })
      .error?.issues.find((issue) => issue.path[0] === 'video')?.message;

  it.each(['https://vimeo.com/76979871', 'javascript:alert(1)', 'https://www.youtube.com/feed'])(
    'refuses %s with the shared message',
    (video) => {
      expect(videoIssue(video)).toBe(POST_MESSAGES.videoInvalid);
    },
  );

  it('takes a YouTube link, and "any" (SPEC: no video) with an image', () => {
    expect(videoIssue('https://youtu.be/dQw4w9WgXcQ')).toBeUndefined();
    const result = createPostInputSchema.safeParse({ ...post, video: 'any', image: '/uploads/a' });
    expect(result.data?.video).toBeNull();
  });
});
