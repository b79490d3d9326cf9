import { postPageSchema } from '@devplay/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer';

const compile = (schema: unknown) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

describe('response serializer', () => {
  it('writes what zod would, and only the properties the schema declares', () => {
    const serialize = compile(postPageSchema);
    const post = {
      id: 1,
      title: 'Hello',
      description: 'A "quoted" line\nand a second one',
      image: null,
      video: 'https://youtu.be/dQw4w9WgXcQ',
      imageAlt: null,
      createdAt: '2026-11-23T10:00:00.000Z',
      editedAt: null,
      author: { id: 2, username: 'ann', fullName: 'Ann Lee', avatar: null },
      likesCount: 3,
      likedByMe: true,
      commentsCount: 0,
    };
    const page = { items: [{ ...post, author: { ...post.author, passwordHash: 'argon2…' } }] };
    const json = serialize({ ...page, nextCursor: null, secret: 'x' });
    expect(JSON.parse(json)).toEqual({ items: [post], nextCursor: null });
    expect(json).not.toContain('argon2');
  });

  it('refuses an answer that lacks a required property rather than sending it malformed', () => {
    const serialize = compile(z.object({ count: z.number().int() }));
    expect(() => serialize({})).toThrow(/count/);
  });

  it('stops at start-up on a schema JSON Schema cannot express', () => {
    expect(() => compile(z.object({ at: z.date() }))).toThrow();
  });
});
